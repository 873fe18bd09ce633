import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolStep } from '../../lib/core/conversation';
import { request } from '../../lib/messaging/client';
import type { PluginView } from '../../lib/messaging/plugin-protocol';
import { createFrameChannel, type PluginRequestPayload } from '../../lib/plugins/frame-channel';
import { apiNameOf } from './plugin-names';

/**
 * Sandboxed, yet with allow-same-origin: LobeChat plugins post to `top` and
 * must be answered at their exact origin. A frame without allow-same-origin
 * gets an opaque origin, reachable only with targetOrigin '*' and reporting
 * itself as "null", which every other sandboxed frame can claim too. Since the
 * plugin's origin is never the extension's, allow-same-origin gives it only
 * its own origin (its storage, its API) and no way into this page or out of
 * the sandbox.
 */
const PLUGIN_FRAME_SANDBOX = 'allow-scripts allow-forms allow-same-origin';

const DEFAULT_HEIGHT = 300;

interface Props {
  view: PluginView;
  title: string;
  step: ToolStep;
  /** Writes content the plugin sends back into its step. */
  onFill(content: string): void;
}

function contentOf(step: ToolStep): unknown {
  if (step.result === undefined) return '';
  try {
    return JSON.parse(step.result) as unknown;
  } catch {
    return step.result;
  }
}

/** A plugin's own UI (its manifest's ui.url) for one call, speaking LobeChat's plugin channel. */
export function PluginFrame({ view, title, step, onFill }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLIFrameElement>(null);
  const ui = view.manifest.ui!;
  const origin = new URL(ui.url).origin;
  // The frame may ask at any time; it gets the step as it is then, not as it was at mount.
  const latest = useRef({ step, onFill });
  latest.current = { step, onFill };

  useEffect(() => {
    const payload: PluginRequestPayload = {
      apiName: apiNameOf(view.manifest, step.call.name),
      arguments: step.call.arguments,
      identifier: view.identifier,
      type: view.manifest.type,
    };
    const onMessage = createFrameChannel({
      frame: () => ref.current?.contentWindow,
      origin,
      host: {
        payload,
        content: () => contentOf(latest.current.step),
        settings: () => request('plugins.frameSettings', { identifier: view.identifier }).catch(() => ({})),
        saveSettings: (values) => void request('plugins.saveSettings', { identifier: view.identifier, values }).catch(() => undefined),
        fillContent: (content) => latest.current.onFill(content),
      },
    });
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [view.identifier, view.manifest, origin, step.call.name, step.call.arguments]);

  return (
    <iframe
      ref={ref}
      className="plugin-frame"
      src={ui.url}
      title={t('plugins.frame.title', { plugin: title })}
      sandbox={PLUGIN_FRAME_SANDBOX}
      referrerPolicy="no-referrer"
      width={ui.width}
      height={ui.height ?? DEFAULT_HEIGHT}
    />
  );
}
