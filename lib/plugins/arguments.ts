import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import { formatPath, pointerSegments } from './issue-path';
import { findStructuralIssue } from './json-safety';
import { withLinearPatterns } from './linear-patterns';
import type { PluginParameters } from '../core/plugins';

/** Tool arguments are a model's JSON, sent on to a plugin; anything near this size is a runaway generation. */
export const MAX_ARGUMENT_CHARS = 256 * 1024;

export interface ArgumentIssue {
  /** e.g. `tags[1]`; '' for the arguments object itself. */
  path: string;
  message: string;
}

export type ArgumentsResult =
  | { ok: true; args: Record<string, unknown> }
  /** `error` is plain enough to hand back to the model so it can correct the call. */
  | { ok: false; error: string; issues: ArgumentIssue[] };

/** Units that only say "a child failed"; the child's own unit says why. */
const WRAPPER_KEYWORDS: ReadonlySet<string> = new Set(['properties', 'items', 'allOf', '$ref', 'prefixItems', 'patternProperties']);

const validators = new WeakMap<PluginParameters, Validator>();

function validatorFor(parameters: PluginParameters): Validator {
  let validator = validators.get(parameters);
  if (!validator) {
    // The validator annotates the schema it is given; the manifest's own copy stays untouched.
    validator = new Validator(structuredClone(parameters) as Schema, '7', false);
    validators.set(parameters, validator);
  }
  return validator;
}

function failure(issues: ArgumentIssue[]): ArgumentsResult {
  const lines = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
  return { ok: false, error: `Invalid tool arguments. ${lines.join(' ')}`, issues };
}

function toIssues(units: readonly OutputUnit[], data: unknown): ArgumentIssue[] {
  const leaves = units.filter((unit) => !WRAPPER_KEYWORDS.has(unit.keyword));
  return (leaves.length > 0 ? leaves : units).map((unit) => ({
    path: formatPath(pointerSegments(unit.instanceLocation, data)),
    message: unit.error,
  }));
}

/**
 * Parses a tool call's arguments (JSON text from the model) and validates them
 * against the API's parameter schema. Interprets the schema at runtime without
 * generating code, so it runs under the extension's content security policy.
 */
export function parseToolArguments(text: string, parameters: PluginParameters): ArgumentsResult {
  if (text.length > MAX_ARGUMENT_CHARS) {
    return failure([{ path: '', message: `Arguments exceed ${MAX_ARGUMENT_CHARS} characters.` }]);
  }
  let args: unknown;
  try {
    // Models send an empty string for calls without parameters.
    args = text.trim() === '' ? {} : JSON.parse(text);
  } catch (e) {
    return failure([{ path: '', message: `Arguments are not valid JSON: ${(e as Error).message}` }]);
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    return failure([{ path: '', message: 'Arguments must be a JSON object.' }]);
  }
  const structural = findStructuralIssue(args);
  if (structural) return failure([{ path: structural.path, message: structural.message }]);
  let result;
  try {
    const validator = validatorFor(parameters);
    result = withLinearPatterns(() => validator.validate(args));
  } catch (e) {
    return failure([{ path: '', message: `The plugin's parameter schema cannot be applied: ${(e as Error).message}` }]);
  }
  if (!result.valid) return failure(toIssues(result.errors, args));
  return { ok: true, args: args as Record<string, unknown> };
}
