/**
 * The conversation export file and its strict reader. Imported files are
 * untrusted: every field is type-checked and only known fields are copied, so
 * nothing unexpected reaches the database.
 */
import type { Conversation, MessageStatus, StoredMessage } from '../core/conversation';
import type { ImageRef } from '../core/images';
import type { Persona, SavedPrompt } from '../core/prompts';
import {
  ImportError,
  invalid,
  list,
  number,
  oneOf,
  optional,
  readChatError,
  readContextBlock,
  readImageRef,
  readModelRef,
  readParams,
  readToolStep,
  readUsage,
  record,
  string,
} from './field-readers';
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

const STATUSES: readonly MessageStatus[] = ['complete', 'streaming', 'incomplete', 'error'];
const ROLES: readonly StoredMessage['role'][] = ['user', 'assistant'];

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

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function readExportedImage(value: unknown, path: string): ExportedImage {
  const data = string(record(value, path).data, `${path}.data`);
  if (!BASE64.test(data) || data.length % 4 !== 0) invalid(`${path}.data`, 'base64 data');
  return { ...readImageRef(value, path), data };
}
