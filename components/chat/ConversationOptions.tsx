import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerationParams } from '../../lib/core/chat';
import { useChatStore } from '../state/chat-store';
import { ConversationPlugins } from '../plugins/ConversationPlugins';
import { ConversationMcpServers } from '../mcp/ConversationMcpServers';
import { ConversationToolLimit } from '../plugins/ConversationToolLimit';
import { Field, FieldError } from '../ui/Field';

type NumericParam = 'temperature' | 'topP' | 'maxTokens';

const LIMITS: Record<NumericParam, { min: number; max: number; step: number }> = {
  temperature: { min: 0, max: 2, step: 0.1 },
  topP: { min: 0, max: 1, step: 0.05 },
  maxTokens: { min: 1, max: 1_000_000, step: 1 },
};

function parseParam(key: NumericParam, raw: string): number | undefined {
  if (!raw.trim()) return undefined;
  const n = Number(raw);
  const { min, max } = LIMITS[key];
  if (!Number.isFinite(n) || n < min || n > max) return undefined;
  return key === 'maxTokens' ? Math.round(n) : n;
}

/**
 * Per-conversation system prompt, plugins and sampling settings: the body of
 * the composer's "Chat settings" popover. Fields save when left, and when the
 * popover closes with one still focused (closing unmounts them without a blur).
 */
export function ConversationOptions() {
  const { t } = useTranslation();
  // Not the whole store: an answer streaming in changes it on every frame.
  const conversation = useChatStore((s) => s.conversation);
  const { updateSettings } = useChatStore.getState();
  const [system, setSystem] = useState('');
  const [params, setParams] = useState<Record<NumericParam, string>>({ temperature: '', topP: '', maxTokens: '' });

  // A conversation created from this open view (by these fields or by sending) must not
  // wipe what is still being typed; one that is opened or left must show its own settings.
  const previousId = useRef<string | undefined | null>(null);
  const conversationId = conversation?.id;

  useEffect(() => {
    const { conversation: current, createdHere } = useChatStore.getState();
    const justCreated = previousId.current === undefined && conversationId !== undefined && conversationId === createdHere;
    previousId.current = conversationId;
    if (justCreated) return;
    setSystem(current?.systemPrompt ?? '');
    const p = current?.params ?? {};
    setParams({ temperature: p.temperature?.toString() ?? '', topP: p.topP?.toString() ?? '', maxTokens: p.maxTokens?.toString() ?? '' });
  }, [conversationId]);

  const invalid = (Object.keys(params) as NumericParam[]).filter((k) => params[k].trim() && parseParam(k, params[k]) === undefined);

  /** Only what the user typed is saved on close: a close before the settings loaded must not store blanks. */
  const edited = useRef(false);
  const save = () => {
    if (invalid.length) return;
    edited.current = false;
    const next: GenerationParams = {};
    for (const k of Object.keys(params) as NumericParam[]) {
      const v = parseParam(k, params[k]);
      if (v !== undefined) next[k] = v;
    }
    const unchanged = system === (conversation?.systemPrompt ?? '') && JSON.stringify(next) === JSON.stringify(conversation?.params ?? {});
    if (!unchanged) void updateSettings({ systemPrompt: system, params: next });
  };
  const saveOnClose = useRef(save);
  saveOnClose.current = save;
  useEffect(() => () => void (edited.current && saveOnClose.current()), []);

  return (
    <div className="conversation-options">
      <Field label={t('options.systemPrompt')}>
        {(p) => (
          <textarea
            {...p}
            value={system}
            rows={3}
            onChange={(e) => {
              edited.current = true;
              setSystem(e.target.value);
            }}
            onBlur={save}
          />
        )}
      </Field>
      <ConversationPlugins />
      <ConversationMcpServers />
      <ConversationToolLimit />
      <details className="advanced">
        <summary>{t('options.advanced')}</summary>
        {(Object.keys(LIMITS) as NumericParam[]).map((k) => (
          <Field key={k} label={t(`options.${k}`)} inline>
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="decimal"
                min={LIMITS[k].min}
                max={LIMITS[k].max}
                step={LIMITS[k].step}
                value={params[k]}
                placeholder={t('options.default')}
                aria-invalid={invalid.includes(k)}
                onChange={(e) => {
                  edited.current = true;
                  setParams({ ...params, [k]: e.target.value });
                }}
                onBlur={save}
              />
            )}
          </Field>
        ))}
        {invalid.length > 0 && <FieldError>{t('options.outOfRange')}</FieldError>}
      </details>
    </div>
  );
}
