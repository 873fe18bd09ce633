/**
 * Strict readers for the fields a stored or imported record is made of. Each
 * checks one value's type and copies only known fields, throwing ImportError
 * with the path of what it refused. The repairs of stored records use them on
 * every read; the import files' readers (export-format, prompts-file) build on them.
 */
import type { GenerationParams, ToolCall, Usage } from '../core/chat';
import type { ContextBlock, ToolStep } from '../core/conversation';
import type { ChatError, ChatErrorCode } from '../core/errors';
import { IMAGE_MIMES, type ImageRef } from '../core/images';
import type { ToolApprovalMode } from '../core/plugins';
import type { ModelRef } from '../core/providers';
import { isShownImageType, type ToolImage } from '../core/tool-runtime';
import { withoutUndefined } from './records';

export type ImportErrorCode = 'invalid-format' | 'unsupported-version';

/** Why a file was refused; `path` points at the offending value, e.g. `conversations[0].messages[2].status`. */
export class ImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

const CONTEXT_KINDS: readonly ContextBlock['kind'][] = ['selection', 'page'];
const APPROVAL_MODES: readonly ToolApprovalMode[] = ['ask', 'auto'];

export function readImageRef(value: unknown, path: string): ImageRef {
  const v = record(value, path);
  return {
    id: string(v.id, `${path}.id`),
    mimeType: oneOf(v.mimeType, `${path}.mimeType`, IMAGE_MIMES),
    width: number(v.width, `${path}.width`),
    height: number(v.height, `${path}.height`),
    bytes: number(v.bytes, `${path}.bytes`),
  };
}

export function readParams(value: unknown, path: string): GenerationParams {
  const v = record(value, path);
  return withoutUndefined({
    temperature: optional(v.temperature, `${path}.temperature`, number),
    topP: optional(v.topP, `${path}.topP`, number),
    maxTokens: optional(v.maxTokens, `${path}.maxTokens`, number),
    stop: optional(v.stop, `${path}.stop`, (s, at) => list(s, at, string)),
    frequencyPenalty: optional(v.frequencyPenalty, `${path}.frequencyPenalty`, number),
    presencePenalty: optional(v.presencePenalty, `${path}.presencePenalty`, number),
  });
}

export function readModelRef(value: unknown, path: string): ModelRef {
  const v = record(value, path);
  return { providerId: string(v.providerId, `${path}.providerId`), model: string(v.model, `${path}.model`) };
}

export function readChatError(value: unknown, path: string): ChatError {
  const v = record(value, path);
  return withoutUndefined({
    // Codes are kept as written: one from a newer version still reads as an
    // error, and the UI falls back to a generic text for codes it lacks.
    code: string(v.code, `${path}.code`) as ChatErrorCode,
    retryable: boolean(v.retryable, `${path}.retryable`),
    message: string(v.message, `${path}.message`),
    provider: optional(v.provider, `${path}.provider`, string),
    status: optional(v.status, `${path}.status`, number),
    type: optional(v.type, `${path}.type`, string),
    retryAt: optional(v.retryAt, `${path}.retryAt`, number),
    rounds: optional(v.rounds, `${path}.rounds`, number),
    tools: optional(v.tools, `${path}.tools`, number),
    maxTools: optional(v.maxTools, `${path}.maxTools`, number),
    field: optional(v.field, `${path}.field`, string),
  });
}

export function readUsage(value: unknown, path: string): Usage {
  const v = record(value, path);
  return withoutUndefined({
    inputTokens: optional(v.inputTokens, `${path}.inputTokens`, number),
    outputTokens: optional(v.outputTokens, `${path}.outputTokens`, number),
  });
}

export function readContextBlock(value: unknown, path: string): ContextBlock {
  const v = record(value, path);
  return withoutUndefined({
    kind: oneOf(v.kind, `${path}.kind`, CONTEXT_KINDS),
    title: optional(v.title, `${path}.title`, string),
    url: optional(v.url, `${path}.url`, string),
    text: string(v.text, `${path}.text`),
  });
}

export function readToolStep(value: unknown, path: string): ToolStep {
  const v = record(value, path);
  return withoutUndefined({
    call: readToolCall(v.call, `${path}.call`),
    plugin: optional(v.plugin, `${path}.plugin`, string),
    result: optional(v.result, `${path}.result`, string),
    error: optional(v.error, `${path}.error`, string),
    // Any code, as for a message's error: the panel falls back to a generic text for codes it lacks.
    errorCode: optional(v.errorCode, `${path}.errorCode`, string) as ChatErrorCode | undefined,
    images: optional(v.images, `${path}.images`, (s, at) => list(s, at, readToolImage)),
    approval: optional(v.approval, `${path}.approval`, (s, at) => oneOf(s, at, APPROVAL_MODES)),
    startedAt: number(v.startedAt, `${path}.startedAt`),
    durationMs: optional(v.durationMs, `${path}.durationMs`, number),
  });
}

/** Only image types: the panel shows these as <img> from a data: URL. */
function readToolImage(value: unknown, path: string): ToolImage {
  const v = record(value, path);
  const mimeType = string(v.mimeType, `${path}.mimeType`);
  if (!isShownImageType(mimeType)) invalid(`${path}.mimeType`, 'an image type');
  return { mimeType, data: string(v.data, `${path}.data`) };
}

function readToolCall(value: unknown, path: string): ToolCall {
  const v = record(value, path);
  return {
    id: string(v.id, `${path}.id`),
    name: string(v.name, `${path}.name`),
    arguments: string(v.arguments, `${path}.arguments`),
  };
}

export function invalid(path: string, expected: string): never {
  throw new ImportError('invalid-format', path, `${path || 'document'}: expected ${expected}`);
}

export function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(path, 'an object');
  return value as Record<string, unknown>;
}

export function string(value: unknown, path: string): string {
  if (typeof value !== 'string') invalid(path, 'a string');
  return value;
}

export function number(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) invalid(path, 'a finite number');
  return value;
}

export function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') invalid(path, 'a boolean');
  return value;
}

export function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) invalid(path, `one of ${allowed.join(', ')}`);
  return value as T;
}

export function list<T>(value: unknown, path: string, read: (item: unknown, path: string) => T): T[] {
  if (!Array.isArray(value)) invalid(path, 'an array');
  return value.map((item: unknown, i) => read(item, `${path}[${i}]`));
}

export function optional<T>(value: unknown, path: string, read: (value: unknown, path: string) => T): T | undefined {
  return value === undefined ? undefined : read(value, path);
}
