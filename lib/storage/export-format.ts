/**
 * The conversation export file and its strict reader. Imported files are
 * untrusted: every field is type-checked and only known fields are copied, so
 * nothing unexpected reaches the database.
 */
import type { GenerationParams, ToolCall, Usage } from '../core/chat';
import type { ContextBlock, Conversation, MessageStatus, StoredMessage, ToolStep } from '../core/conversation';
import type { ChatError, ChatErrorCode } from '../core/errors';
import { IMAGE_MIMES, type ImageRef } from '../core/images';
import type { ModelRef } from '../core/providers';
import type { Persona, SavedPrompt } from '../core/prompts';
import { isShownImageType, type ToolImage } from '../core/tool-runtime';
import { withoutUndefined } from './records';

export const EXPORT_FORMAT = 'parley.conversations';
export const EXPORT_VERSION = 1;

/** An image inside an export file: its reference and, only here, its bytes as base64. */
export interface ExportedImage extends ImageRef {
  data: string;
}

export interface ExportedMessage extends Omit<StoredMessage, 'images'> {
  images?: ExportedImage[];
}

export interface ExportedConversation extends Conversation {
  messages: ExportedMessage[];
}

export interface ConversationsDocument {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  /** ISO 8601 time of export. */
  exportedAt: string;
  conversations: ExportedConversation[];
  /** The prompt library and the personas, in the full export from Settings › Data; read by lib/prompts/prompts-file.ts. */
  prompts?: SavedPrompt[];
  personas?: Persona[];
}

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

const STATUSES: readonly MessageStatus[] = ['complete', 'streaming', 'incomplete', 'error'];
const ROLES: readonly StoredMessage['role'][] = ['user', 'assistant'];
const CONTEXT_KINDS: readonly ContextBlock['kind'][] = ['selection', 'page'];

/** Validates an export document and returns its conversations; throws ImportError. */
export function readConversationsDocument(doc: unknown): ExportedConversation[] {
  const root = record(doc, '');
  if (root.format !== EXPORT_FORMAT) invalid('format', `"${EXPORT_FORMAT}"`);
  const version = number(root.version, 'version');
  if (version !== EXPORT_VERSION) {
    throw new ImportError('unsupported-version', 'version', `version ${version} is not supported`);
  }
  string(root.exportedAt, 'exportedAt');
  return list(root.conversations, 'conversations', readConversation);
}

function readConversation(value: unknown, path: string): ExportedConversation {
  const v = record(value, path);
  return withoutUndefined({
    id: string(v.id, `${path}.id`),
    title: string(v.title, `${path}.title`),
    createdAt: number(v.createdAt, `${path}.createdAt`),
    updatedAt: number(v.updatedAt, `${path}.updatedAt`),
    systemPrompt: string(v.systemPrompt, `${path}.systemPrompt`),
    params: readParams(v.params, `${path}.params`),
    model: optional(v.model, `${path}.model`, readModelRef),
    plugins: optional(v.plugins, `${path}.plugins`, (p, at) => list(p, at, string)),
    persona: optional(v.persona, `${path}.persona`, string),
    messages: list(v.messages, `${path}.messages`, readMessage),
  });
}

function readMessage(value: unknown, path: string): ExportedMessage {
  const v = record(value, path);
  return withoutUndefined({
    id: string(v.id, `${path}.id`),
    conversationId: string(v.conversationId, `${path}.conversationId`),
    role: oneOf(v.role, `${path}.role`, ROLES),
    content: string(v.content, `${path}.content`),
    createdAt: number(v.createdAt, `${path}.createdAt`),
    status: oneOf(v.status, `${path}.status`, STATUSES),
    model: optional(v.model, `${path}.model`, readModelRef),
    error: optional(v.error, `${path}.error`, readChatError),
    usage: optional(v.usage, `${path}.usage`, readUsage),
    context: optional(v.context, `${path}.context`, (c, at) => list(c, at, readContextBlock)),
    steps: optional(v.steps, `${path}.steps`, (s, at) => list(s, at, readToolStep)),
    images: optional(v.images, `${path}.images`, (i, at) => list(i, at, readExportedImage)),
  });
}

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

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function readExportedImage(value: unknown, path: string): ExportedImage {
  const data = string(record(value, path).data, `${path}.data`);
  if (!BASE64.test(data) || data.length % 4 !== 0) invalid(`${path}.data`, 'base64 data');
  return { ...readImageRef(value, path), data };
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

function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) invalid(path, `one of ${allowed.join(', ')}`);
  return value as T;
}

export function list<T>(value: unknown, path: string, read: (item: unknown, path: string) => T): T[] {
  if (!Array.isArray(value)) invalid(path, 'an array');
  return value.map((item: unknown, i) => read(item, `${path}[${i}]`));
}

function optional<T>(value: unknown, path: string, read: (value: unknown, path: string) => T): T | undefined {
  return value === undefined ? undefined : read(value, path);
}
