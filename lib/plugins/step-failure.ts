import { DECLINED_RESULT } from '../core/tool-consent';

/**
 * What went wrong in a failed tool step, read back from the error text the
 * step stored (that text is written for the model, in English and in the
 * validator's words); the panel words each kind in the user's language.
 */
export type StepFailure =
  | { kind: 'declined' }
  /** The plugin's own settings miss or hold a bad value for `field` (empty when the validator named none). */
  | { kind: 'settings'; field: string }
  | { kind: 'missing-argument'; field: string }
  | { kind: 'invalid-argument'; field: string }
  /** Arguments that are not a JSON object at all. */
  | { kind: 'unreadable-arguments' }
  | { kind: 'refused-origin' }
  | { kind: 'unknown-tool' }
  | { kind: 'other' };

const SETTINGS = "The plugin's settings are incomplete:";
const ARGUMENTS = 'Invalid tool arguments.';
const REQUIRED = /(?:^|\s)(?:([^\s:]+): )?Instance does not have required property "([^"]+)"/;
/** An issue with a path: `path: message`, the path being the field at fault. */
const AT_PATH = /(?:^|\s)([^\s:]+): Instance /;

function fieldAtFault(detail: string): { missing?: string; invalid?: string } {
  const required = REQUIRED.exec(detail);
  if (required) return { missing: required[1] ? `${required[1]}.${required[2]}` : required[2] };
  const path = AT_PATH.exec(detail);
  return path ? { invalid: path[1] } : {};
}

export function stepFailure(error: string): StepFailure {
  if (error === DECLINED_RESULT) return { kind: 'declined' };
  if (error.startsWith(SETTINGS)) {
    const { missing, invalid } = fieldAtFault(error.slice(SETTINGS.length));
    return { kind: 'settings', field: missing ?? invalid ?? '' };
  }
  if (error.startsWith(ARGUMENTS)) {
    const { missing, invalid } = fieldAtFault(error.slice(ARGUMENTS.length));
    if (missing) return { kind: 'missing-argument', field: missing };
    if (invalid) return { kind: 'invalid-argument', field: invalid };
    return { kind: 'unreadable-arguments' };
  }
  if (error.startsWith('Refused: ')) return { kind: 'refused-origin' };
  if (error.startsWith('There is no tool named ')) return { kind: 'unknown-tool' };
  return { kind: 'other' };
}
