import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredMessage } from '../../../lib/core/conversation';
import { createConversation, getConversation, listConversations, listMessages, putMessage } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { exportConversations, importConversations, summarizeImport } from '../../../lib/storage/export';
import { readConversationsDocument, type ConversationsDocument } from '../../../lib/storage/export-format';
import { ImportError } from '../../../lib/storage/field-readers';
import { saveProvider } from '../../../lib/storage/provider-records';
import { setSecrets } from '../../../lib/storage/secret-vault';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function freshDb() {
  await closeDb();
  await deleteDB(DB_NAME);
}

/** A conversation using every optional field, so the round trip covers them all. */
async function richConversation() {
  const c = await createConversation({
    title: 'Research',
    systemPrompt: 'Cite sources',
    params: { temperature: 0.5, topP: 0.9, maxTokens: 512, stop: ['###'], frequencyPenalty: 0.1, presencePenalty: 0.2 },
    model: { providerId: 'p1', model: 'gpt-test' },
    plugins: ['search'],
  });
  const question: StoredMessage = {
    id: crypto.randomUUID(),
    conversationId: c.id,
    role: 'user',
    content: 'Summarise this',
    createdAt: 1_000,
    status: 'complete',
    context: [
      { kind: 'page', title: 'Article', url: 'https://example.test/a', text: 'Body text' },
      { kind: 'selection', text: 'Selected bit' },
    ],
  };
  const answer: StoredMessage = {
    id: crypto.randomUUID(),
    conversationId: c.id,
    role: 'assistant',
    content: 'Here is a summary',
    createdAt: 1_000,
    status: 'complete',
    model: { providerId: 'p1', model: 'gpt-test' },
    usage: { inputTokens: 10, outputTokens: 20 },
    steps: [
      {
        call: { id: 'c1', name: 'search', arguments: '{"q":"x"}' },
        plugin: 'search',
        result: 'found',
        startedAt: 1_001,
        durationMs: 30,
      },
      { call: { id: 'c2', name: 'fetch', arguments: '{}' }, error: 'boom', startedAt: 1_040 },
    ],
  };
  const failed: StoredMessage = {
    id: crypto.randomUUID(),
    conversationId: c.id,
    role: 'assistant',
    content: '',
    createdAt: 2_000,
    status: 'error',
    error: { code: 'rate-limited', retryable: true, message: 'slow down', provider: 'p1', status: 429, type: 'Throttling' },
  };
  for (const m of [question, answer, failed]) await putMessage(m);
  return { conversation: (await getConversation(c.id))!, messages: [question, answer, failed] };
}

/** What a file on disk holds: plain JSON. */
function throughJson(doc: ConversationsDocument): unknown {
  return JSON.parse(JSON.stringify(doc));
}

async function rejection(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

describe('exportConversations', () => {
  it('writes the document header and every conversation with its messages in order', async () => {
    const { conversation, messages } = await richConversation();
    const doc = await exportConversations();
    expect(doc.format).toBe('parley.conversations');
    expect(doc.version).toBe(1);
    expect(new Date(doc.exportedAt).toISOString()).toBe(doc.exportedAt);
    expect(doc.conversations).toEqual([{ ...conversation, messages }]);
    expect(JSON.stringify(doc)).not.toContain('"seq"');
  });

  it('exports only the requested conversations, newest first, skipping unknown ids', async () => {
    // Each write gets its own millisecond, so "newest" never depends on how fast the machine is.
    let clock = 1_000;
    vi.spyOn(Date, 'now').mockImplementation(() => ++clock);
    const a = await createConversation({ title: 'a' });
    const b = await createConversation({ title: 'b' });
    await createConversation({ title: 'c' });
    await putMessage({ id: 'm', conversationId: a.id, role: 'user', content: 'x', createdAt: 1, status: 'complete' });
    const doc = await exportConversations([b.id, a.id, 'unknown']);
    expect(doc.conversations.map((c) => c.title)).toEqual(['a', 'b']);
    expect(doc.conversations[1]?.messages).toEqual([]);
  });

  it('never includes provider configs or secrets', async () => {
    await richConversation();
    await saveProvider({
      id: 'p1',
      kind: 'openai',
      name: 'My OpenAI account',
      settings: { organization: 'org-private' },
      manualModels: [],
      createdAt: 1,
    });
    await setSecrets('p1', { apiKey: 'sk-very-secret' });
    const json = JSON.stringify(await exportConversations());
    for (const leaked of ['My OpenAI account', 'org-private', 'sk-very-secret', 'apiKey']) {
      expect(json).not.toContain(leaked);
    }
  });
});

describe('importConversations', () => {
  it('round-trips through JSON into an empty database', async () => {
    const { conversation, messages } = await richConversation();
    const doc = throughJson(await exportConversations());
    await freshDb();

    expect(await importConversations(doc)).toEqual({ imported: 1 });

    // Everything but the plugins: a file never turns a plugin on.
    const { plugins, ...withoutPlugins } = conversation;
    expect(plugins).toEqual(['search']);
    expect(await listConversations()).toEqual([withoutPlugins]);
    expect(await listMessages(conversation.id)).toEqual(messages);
  });

  it('turns on no plugin and carries no per-chat plugin permission, whatever the file says', async () => {
    const doc = {
      format: 'parley.conversations',
      version: 1,
      exportedAt: '2026-01-01T00:00:00.000Z',
      conversations: [
        {
          id: 'x',
          title: 'From a stranger',
          createdAt: 1,
          updatedAt: 1,
          systemPrompt: 'Always call the plugin.',
          params: {},
          plugins: ['mock-weather', 'parley-page'],
          allowedPlugins: ['mock-weather'],
          messages: [],
        },
      ],
    };
    await importConversations(doc);
    const [imported] = await listConversations();
    expect(imported!.plugins).toBeUndefined();
    expect(imported!.allowedPlugins).toBeUndefined();
    // The system prompt is kept: the review before importing shows it is there.
    expect(imported!.systemPrompt).toBe('Always call the plugin.');
  });

  it('gives fresh ids to anything already present, overwriting nothing', async () => {
    const { conversation, messages } = await richConversation();
    const doc = throughJson(await exportConversations());

    expect(await importConversations(doc)).toEqual({ imported: 1 });

    const all = await listConversations();
    expect(all).toHaveLength(2);
    const copy = all.find((c) => c.id !== conversation.id)!;
    expect(copy).toEqual({ ...conversation, plugins: undefined, id: copy.id });
    expect(await listMessages(conversation.id)).toEqual(messages);
    const copied = await listMessages(copy.id);
    expect(copied.map((m) => m.content)).toEqual(messages.map((m) => m.content));
    for (const [i, m] of copied.entries()) {
      expect(m.id).not.toBe(messages[i]!.id);
      expect(m).toEqual({ ...messages[i], id: m.id, conversationId: copy.id });
    }
  });

  it('keeps duplicate ids within one document apart', async () => {
    const message = { id: 'm', conversationId: 'c', role: 'user', content: 'x', createdAt: 1, status: 'complete' };
    const conversation = { id: 'c', title: 't', createdAt: 1, updatedAt: 1, systemPrompt: '', params: {}, messages: [message] };
    const doc = { format: 'parley.conversations', version: 1, exportedAt: '', conversations: [conversation, conversation] };

    expect(await importConversations(doc)).toEqual({ imported: 2 });

    const all = await listConversations();
    expect(new Set(all.map((c) => c.id)).size).toBe(2);
    for (const c of all) expect(await listMessages(c.id)).toHaveLength(1);
  });

  it('imports answers that were mid-stream as incomplete', async () => {
    const c = await createConversation();
    await putMessage({ id: 's', conversationId: c.id, role: 'assistant', content: 'half', createdAt: 1, status: 'streaming' });
    const doc = throughJson(await exportConversations());
    await freshDb();
    await importConversations(doc);
    expect((await listMessages(c.id))[0]?.status).toBe('incomplete');
  });

  it('keeps the document order of messages created at the same time', async () => {
    const c = await createConversation();
    for (const id of ['z', 'a', 'm']) {
      await putMessage({ id, conversationId: c.id, role: 'user', content: id, createdAt: 5, status: 'complete' });
    }
    const doc = throughJson(await exportConversations());
    await freshDb();
    await importConversations(doc);
    expect((await listMessages(c.id)).map((m) => m.id)).toEqual(['z', 'a', 'm']);
  });

  it('drops fields it does not know', async () => {
    await richConversation();
    const doc = throughJson(await exportConversations()) as { conversations: Record<string, unknown>[] };
    doc.conversations[0]!.injected = 'x';
    (doc.conversations[0]!.messages as Record<string, unknown>[])[0]!.injected = 'y';
    await freshDb();
    await importConversations(doc);
    const [imported] = await listConversations();
    expect(imported).not.toHaveProperty('injected');
    expect((await listMessages(imported!.id))[0]).not.toHaveProperty('injected');
  });

  it.each([
    ['not an object', 'nope', ''],
    ['an array', [], ''],
    ['a wrong format', { format: 'other', version: 1, exportedAt: '', conversations: [] }, 'format'],
    ['a missing exportedAt', { format: 'parley.conversations', version: 1, conversations: [] }, 'exportedAt'],
    ['conversations not a list', { format: 'parley.conversations', version: 1, exportedAt: '', conversations: {} }, 'conversations'],
  ])('refuses %s as invalid-format', async (_label, doc, path) => {
    const error = await rejection(importConversations(doc));
    expect(error.code).toBe('invalid-format');
    expect(error.path).toBe(path);
  });

  it('refuses another version as unsupported-version', async () => {
    const error = await rejection(importConversations({ format: 'parley.conversations', version: 2, exportedAt: '', conversations: [] }));
    expect(error.code).toBe('unsupported-version');
    expect(error.path).toBe('version');
  });

  it('imports nothing when any part is invalid, and names the failing path', async () => {
    await richConversation();
    const good = throughJson(await exportConversations()) as { conversations: Record<string, unknown>[] };
    const bad = structuredClone(good.conversations[0]!);
    (bad.messages as Record<string, unknown>[])[2]!.status = 'done';
    const doc = { ...good, conversations: [good.conversations[0], bad] };
    await freshDb();

    const error = await rejection(importConversations(doc));
    expect(error.code).toBe('invalid-format');
    expect(error.path).toBe('conversations[1].messages[2].status');
    expect(await listConversations()).toEqual([]);
  });
});

describe('summarizeImport', () => {
  it('counts conversations and system prompts and names every plugin, importing nothing', async () => {
    await richConversation();
    await createConversation({ title: 'Plain', plugins: ['search', 'parley-page'] });
    await createConversation({ title: 'Blank prompt', systemPrompt: '   ' });
    const doc = throughJson(await exportConversations());
    await freshDb();
    expect(summarizeImport(doc)).toEqual({
      conversations: 3,
      systemPrompts: 1,
      plugins: expect.arrayContaining(['search', 'parley-page']),
    });
    expect(summarizeImport(doc).plugins).toHaveLength(2);
    expect(await listConversations()).toEqual([]);
    expect(() => summarizeImport({ format: 'other' })).toThrow(ImportError);
  });
});

describe('readConversationsDocument', () => {
  const base = (conversation: Record<string, unknown>) => ({
    format: 'parley.conversations',
    version: 1,
    exportedAt: '2024-01-01T00:00:00.000Z',
    conversations: [{ id: 'c', title: '', createdAt: 1, updatedAt: 1, systemPrompt: '', params: {}, messages: [], ...conversation }],
  });
  const message = (fields: Record<string, unknown>) => ({
    id: 'm',
    conversationId: 'c',
    role: 'user',
    content: '',
    createdAt: 1,
    status: 'complete',
    ...fields,
  });

  it.each([
    [{ title: 3 }, 'conversations[0].title'],
    [{ createdAt: Number.NaN }, 'conversations[0].createdAt'],
    [{ params: { temperature: '1' } }, 'conversations[0].params.temperature'],
    [{ params: { stop: ['a', 1] } }, 'conversations[0].params.stop[1]'],
    [{ model: { providerId: 'p' } }, 'conversations[0].model.model'],
    [{ plugins: 'search' }, 'conversations[0].plugins'],
    [{ model: null }, 'conversations[0].model'],
    [{ messages: [message({ role: 'system' })] }, 'conversations[0].messages[0].role'],
    [{ messages: [message({ error: { code: 'x', message: 'm' } })] }, 'conversations[0].messages[0].error.retryable'],
    [{ messages: [message({ usage: { inputTokens: '1' } })] }, 'conversations[0].messages[0].usage.inputTokens'],
    [{ messages: [message({ context: [{ kind: 'tab', text: '' }] })] }, 'conversations[0].messages[0].context[0].kind'],
    [
      { messages: [message({ steps: [{ call: { id: 'i', name: 'n' }, startedAt: 1 }] })] },
      'conversations[0].messages[0].steps[0].call.arguments',
    ],
  ])('rejects %j at %s', (conversation, path) => {
    expect(() => readConversationsDocument(base(conversation))).toThrow(expect.objectContaining({ code: 'invalid-format', path }));
  });

  it('accepts a minimal valid document', () => {
    expect(readConversationsDocument(base({ messages: [message({})] }))).toEqual([
      { id: 'c', title: '', createdAt: 1, updatedAt: 1, systemPrompt: '', params: {}, messages: [message({})] },
    ]);
  });
});
