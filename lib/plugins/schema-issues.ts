import type { SchemaError } from './generated/validators';
import type { ManifestIssue } from './manifest';
import { formatPath, pointerSegments, type PathSegment } from './issue-path';

/** A broken document can produce hundreds of errors; the first few say enough. */
const MAX_ISSUES = 50;

function describe(path: string): string {
  return path ? `Field "${path}"` : 'The document';
}

function toIssue(error: SchemaError, data: unknown, prefix: readonly PathSegment[]): ManifestIssue {
  const segments = [...prefix, ...pointerSegments(error.instancePath, data)];
  const path = formatPath(segments);
  switch (error.keyword) {
    case 'required': {
      const missing = formatPath([...segments, String(error.params.missingProperty)]);
      return { code: 'missing-field', path: missing, message: `Required field "${missing}" is missing.` };
    }
    case 'type':
      return { code: 'invalid-type', path, message: `${describe(path)} must be of type ${String(error.params.type)}.` };
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return { code: 'invalid-enum', path, message: `${describe(path)} must be one of ${allowed}.` };
    }
    // The schemas use `pattern` only as "\S", i.e. for fields that must hold some text.
    case 'pattern':
      return { code: 'invalid-value', path, message: `${describe(path)} must not be empty.` };
    default:
      return { code: 'invalid-value', path, message: `${describe(path)} ${error.message ?? 'is invalid'}.` };
  }
}

/**
 * Maps the generated validator's errors to issues with readable paths; `prefix`
 * locates `data` inside a larger document (an entry of an index).
 */
export function schemaIssues(
  errors: readonly SchemaError[] | null | undefined,
  data: unknown,
  prefix: readonly PathSegment[] = [],
): ManifestIssue[] {
  return (errors ?? []).slice(0, MAX_ISSUES).map((error) => toIssue(error, data, prefix));
}
