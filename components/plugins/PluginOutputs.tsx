import { useTranslation } from 'react-i18next';
import type { StoredMessage, ToolStep } from '../../lib/core/conversation';
import type { PluginView } from '../../lib/messaging/plugin-protocol';
import { framedUi, isApprovedUrl } from '../../lib/plugins/origins';
import { Markdown } from '../markdown/markdown';
import { PluginFrame } from './PluginFrame';
import { usePluginNames } from './plugin-names';
import { usePluginsStore } from './plugins-store';
import { usePluginFill } from './use-plugin-fill';
import './plugins.css';

/**
 * What plugin calls show in the answer itself, beyond their collapsible steps:
 * a markdown plugin's result rendered, and the UI of plugins that have one.
 */
export function PluginOutputs({ message }: { message: StoredMessage }) {
  const views = usePluginsStore((s) => s.views);
  const steps = (message.steps ?? []).filter((step) => step.plugin);
  if (!steps.length || !views.length) return null;
  return (
    <>
      {steps.map((step) => {
        const view = views.find((v) => v.identifier === step.plugin);
        return view ? <PluginOutput key={step.call.id} message={message} step={step} view={view} /> : null;
      })}
    </>
  );
}

function PluginOutput({ message, step, view }: { message: StoredMessage; step: ToolStep; view: PluginView }) {
  const { t } = useTranslation();
  const title = usePluginNames().title(view);
  const { manifest } = view;
  const ui = framedUi(manifest);
  const hasResult = step.result !== undefined && step.error === undefined;

  const fill = usePluginFill(message.id, step);

  // A module UI is never framed (framedUi leaves it out), so a UI here is always a page to frame.
  const showsFrame = ui && (manifest.type === 'standalone' || hasResult);
  return (
    <>
      {manifest.type === 'markdown' && hasResult && (
        <section className="plugin-markdown" aria-label={t('plugins.markdownResult', { plugin: title })}>
          <Markdown text={step.result!} />
        </section>
      )}
      {showsFrame &&
        (isApprovedUrl(ui.url, view.origins) ? (
          <PluginFrame view={view} title={title} step={step} onFill={(content) => void fill(content)} />
        ) : (
          <p className="notice notice-error">{t('plugins.frame.notApproved')}</p>
        ))}
    </>
  );
}
