import { describe, expect, it } from 'vitest';
import { DECLINED_RESULT } from '../../../lib/core/tool-consent';
import { parseToolArguments } from '../../../lib/plugins/arguments';
import { checkPluginSettings } from '../../../lib/plugins/settings-form';
import { stepFailure } from '../../../lib/plugins/step-failure';
import type { PluginParameters } from '../../../lib/core/plugins';

const schema = {
  type: 'object',
  properties: { timezone: { type: 'string' }, count: { type: 'integer' } },
  required: ['timezone'],
} as PluginParameters;

function argumentError(args: unknown): string {
  const parsed = parseToolArguments(typeof args === 'string' ? args : JSON.stringify(args), schema);
  if (parsed.ok) throw new Error('expected a failure');
  return parsed.error;
}

describe('a failed step, as the panel explains it', () => {
  it('names the missing argument the validator reported, whatever its wording', () => {
    expect(stepFailure(argumentError({ count: 1 }))).toEqual({ kind: 'missing-argument', field: 'timezone' });
  });

  it('names an argument of the wrong type', () => {
    expect(stepFailure(argumentError({ timezone: 'UTC', count: 'many' }))).toEqual({ kind: 'invalid-argument', field: 'count' });
  });

  it('tells arguments that are not JSON apart', () => {
    expect(stepFailure(argumentError('{not json'))).toEqual({ kind: 'unreadable-arguments' });
  });

  it('names the plugin setting that is missing', () => {
    const check = checkPluginSettings(schema, {});
    if (check.ok) throw new Error('expected a failure');
    const detail = check.issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join(' ');
    const error = `The plugin's settings are incomplete: ${detail} The user must complete them in Parley's plugin settings.`;
    expect(stepFailure(error)).toEqual({ kind: 'settings', field: 'timezone' });
  });

  it('knows a declined call, a refused address and an unknown tool; anything else is a plain failure', () => {
    expect(stepFailure(DECLINED_RESULT)).toEqual({ kind: 'declined' });
    expect(stepFailure('Refused: https://x.example is not among the origins approved for this plugin.')).toEqual({
      kind: 'refused-origin',
    });
    expect(stepFailure('There is no tool named "x" in this conversation.')).toEqual({ kind: 'unknown-tool' });
    expect(stepFailure('socket hang up')).toEqual({ kind: 'other' });
  });
});
