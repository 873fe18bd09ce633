import { kindInfo, type ProviderConfig, type ProviderKind } from '../core/providers';
import { isId, isRecord, isString, isStringList, isTime, Repairs, type Checked } from './repair';

/** A stored provider as repair.ts checks conversations and messages; apart, as only the worker reads providers. */
export function checkProvider(raw: unknown): Checked<ProviderConfig> {
  if (!isRecord(raw)) return { ok: false, reason: 'not an object' };
  if (!isId(raw.id)) return { ok: false, reason: 'no id' };
  const info = typeof raw.kind === 'string' ? kindInfo(raw.kind as ProviderKind) : undefined;
  if (!info) return { ok: false, reason: 'unknown provider kind' };
  const r = new Repairs();
  const isSettings = (v: unknown): v is Record<string, string> => isRecord(v) && Object.values(v).every(isString);
  return r.done({
    ...raw,
    id: raw.id,
    kind: info.kind,
    name: r.field(raw.name, isString, info.displayName),
    settings: r.field(raw.settings, isSettings, {}),
    manualModels: r.field(raw.manualModels, isStringList, []),
    createdAt: r.field(raw.createdAt, isTime, 0),
  });
}
