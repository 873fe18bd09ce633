import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredMessage } from '../../../lib/core/conversation';
import { ChatFailure, chatError } from '../../../lib/core/errors';
import {
  createConversation,
  deleteConversation,
  deleteMessages,
  deleteMessagesAfter,
  getConversation,
  getMessage,
  listConversations,
  listLatestMessages,
  listMessages,
  markInterruptedStreams,
  patchMessage,
  putMessage,
  renameConversation,
  updateConversation,
} from '../../../lib/storage/conversations';
import { searchConversations } from '../../../lib/storage/conversation-search';
import { closeDb, DB_NAME, getDb } from '../../../lib/storage/db';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  // Only Date is faked: fake-indexeddb schedules its work on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_000);
});

afterEach(() => {
  vi.useRealTimers();
});

function message(conversationId: string, fields: Partial<StoredMessage> = {}): StoredMessage {
  return {
    id: crypto.randomUUID(),
    conversationId,
    role: 'user',
    content: 'hello',
    createdAt: Date.now(),
    status: 'complete',
    ...fields,
  };
}

async function expectNotFound(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChatFailure);
  expect((error as ChatFailure).error.code).toBe('not-found');
}

describe('conversations', () => {
  it('creates a conversation with defaults and stores it', async () => {
    const c = await createConversation();
    expect(c).toEqual({ id: c.id, title: '', systemPrompt: '', params: {}, createdAt: 1_000, updatedAt: 1_000 });
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getConversation(c.id)).toEqual(c);
  });

  it('takes initial fields, ignoring undefined ones, and never a caller id', async () => {
    const model = { providerId: 'p1', model: 'm1' };
    const c = await createConversation({ title: undefined, systemPrompt: 'Be brief', params: { temperature: 0.2 }, model });
    expect(c).toMatchObject({ title: '', systemPrompt: 'Be brief', params: { temperature: 0.2 }, model });
    const other = await createConversation({ ...c } as never);
    expect(other.id).not.toBe(c.id);
  });

  it('returns undefined for an unknown id', async () => {
    expect(await getConversation('nope')).toBeUndefined();
  });

  it('lists the most recently active first', async () => {
    const a = await createConversation({ title: 'a' });
    vi.setSystemTime(2_000);
    const b = await createConversation({ title: 'b' });
    vi.setSystemTime(3_000);
    const c = await createConversation({ title: 'c' });
    expect((await listConversations()).map((x) => x.title)).toEqual(['c', 'b', 'a']);

    vi.setSystemTime(4_000);
    await putMessage(message(a.id));
    expect((await listConversations()).map((x) => x.id)).toEqual([a.id, c.id, b.id]);
    expect((await getConversation(a.id))?.updatedAt).toBe(4_000);
  });

  it('updates settings and title without changing activity time', async () => {
    const c = await createConversation({ model: { providerId: 'p', model: 'm' } });
    vi.setSystemTime(5_000);
    const updated = await updateConversation(c.id, {
      systemPrompt: 'You are terse',
      params: { maxTokens: 100, stop: ['END'] },
      plugins: ['weather'],
      model: undefined,
    });
    expect(updated).toEqual({
      ...c,
      systemPrompt: 'You are terse',
      params: { maxTokens: 100, stop: ['END'] },
      plugins: ['weather'],
      model: undefined,
    });
    expect('model' in updated).toBe(false);
    expect(await getConversation(c.id)).toEqual(updated);

    const renamed = await renameConversation(c.id, 'Trip plans');
    expect(renamed.title).toBe('Trip plans');
    expect(renamed.updatedAt).toBe(1_000);
    expect((await getConversation(c.id))?.title).toBe('Trip plans');
  });

  it('refuses to update or rename a missing conversation', async () => {
    await expectNotFound(updateConversation('missing', { systemPrompt: 'x' }));
    await expectNotFound(renameConversation('missing', 'x'));
    expect(await listConversations()).toEqual([]);
  });

  it('deletes a conversation together with its messages only', async () => {
    const a = await createConversation();
    const b = await createConversation();
    const inA = [message(a.id), message(a.id)];
    const inB = message(b.id);
    for (const m of [...inA, inB]) await putMessage(m);

    await deleteConversation(a.id);

    expect(await getConversation(a.id)).toBeUndefined();
    expect(await listMessages(a.id)).toEqual([]);
    expect(await getMessage(inA[0]!.id)).toBeUndefined();
    expect(await listMessages(b.id)).toEqual([inB]);
    expect(await listConversations()).toHaveLength(1);
  });
});

describe('messages', () => {
  it('inserts and replaces a message in place', async () => {
    const c = await createConversation();
    const m = message(c.id, { role: 'assistant', content: '', status: 'streaming' });
    await putMessage(m);
    expect(await getMessage(m.id)).toEqual(m);

    const later = message(c.id, { createdAt: 2_000 });
    await putMessage(later);
    const replaced = { ...m, content: 'done', status: 'complete' as const, usage: { outputTokens: 3 } };
    await putMessage(replaced);
    expect(await listMessages(c.id)).toEqual([replaced, later]);
  });

  it('refuses a message for a missing conversation and stores nothing', async () => {
    const m = message('missing');
    await expectNotFound(putMessage(m));
    expect(await getMessage(m.id)).toBeUndefined();
  });

  it('patches only the message record', async () => {
    const c = await createConversation();
    const m = message(c.id, {
      role: 'assistant',
      status: 'error',
      error: { code: 'timeout', retryable: true, message: 'slow' },
    });
    await putMessage(m);
    vi.setSystemTime(9_000);

    const patched = await patchMessage(m.id, {
      content: 'partial answer',
      status: 'streaming',
      error: undefined,
      steps: [{ call: { id: 't1', name: 'search', arguments: '{}' }, startedAt: 9_000 }],
    });

    const expected: StoredMessage = {
      id: m.id,
      conversationId: c.id,
      role: 'assistant',
      content: 'partial answer',
      createdAt: m.createdAt,
      status: 'streaming',
      steps: [{ call: { id: 't1', name: 'search', arguments: '{}' }, startedAt: 9_000 }],
    };
    expect(patched).toEqual(expected);
    expect(await getMessage(m.id)).toEqual(expected);
    expect((await getConversation(c.id))?.updatedAt).toBe(1_000);
  });

  it('keeps identity fields when a patch tries to change them', async () => {
    const c = await createConversation();
    const m = message(c.id);
    await putMessage(m);
    await patchMessage(m.id, { content: 'x', id: 'other', conversationId: 'other', createdAt: 5 } as never);
    expect(await getMessage(m.id)).toEqual({ ...m, content: 'x' });
    expect(await getMessage('other')).toBeUndefined();
  });

  it('resolves undefined when patching a message that is gone', async () => {
    expect(await patchMessage('gone', { content: 'x' })).toBeUndefined();
    expect(await getMessage('gone')).toBeUndefined();
  });

  it('lists by creation time, keeping write order for equal times', async () => {
    const c = await createConversation();
    const other = await createConversation();
    // Ids sort differently from write order, so only the write order can explain the result.
    const question = message(c.id, { id: 'z-question', createdAt: 5_000 });
    const answer = message(c.id, { id: 'a-answer', role: 'assistant', createdAt: 5_000 });
    const first = message(c.id, { id: 'm-first', createdAt: 1_000 });
    const last = message(c.id, { id: 'b-last', createdAt: 7_000 });
    for (const m of [question, answer, last, first]) await putMessage(m);
    await putMessage(message(other.id, { createdAt: 6_000 }));
    // Replacing keeps the original position among equal times.
    await putMessage({ ...question, content: 'edited' });

    const listed = await listMessages(c.id);
    expect(listed.map((m) => m.id)).toEqual(['m-first', 'z-question', 'a-answer', 'b-last']);
    expect(listed[1]?.content).toBe('edited');
    expect(listed.every((m) => !('seq' in m))).toBe(true);
  });

  it('lists the latest messages from the end, with all that share the oldest time shown, and says whether earlier ones exist', async () => {
    const c = await createConversation();
    const other = await createConversation();
    for (const t of [1, 2, 3, 4, 5, 6, 8, 9]) await putMessage(message(c.id, { id: `m${t}`, createdAt: t * 1_000 }));
    // Two at one time, written in the order their ids do not sort in.
    await putMessage(message(c.id, { id: 'z-seven', createdAt: 7_000 }));
    await putMessage(message(c.id, { id: 'a-seven', role: 'assistant', createdAt: 7_000 }));
    await putMessage(message(other.id, { createdAt: 10_000 }));
    // A record no check can repair is left out, as it is of the whole list.
    await (await getDb()).put('messages', { ...message(c.id, { id: 'broken', createdAt: 2_500 }), content: 42 } as never);

    const latest = await listLatestMessages(c.id, 3);
    expect(latest.messages.map((m) => m.id)).toEqual(['z-seven', 'a-seven', 'm8', 'm9']);
    expect(latest.earlier).toBe(true);
    expect(latest.messages.every((m) => !('seq' in m))).toBe(true);

    // Eleven records in all: asked for exactly that many, none is earlier; for one fewer, the oldest is.
    expect((await listLatestMessages(c.id, 11)).earlier).toBe(false);
    expect(await listLatestMessages(c.id, 10)).toMatchObject({ earlier: true, messages: { length: 9 } });
    const all = await listLatestMessages(c.id, 20);
    expect(all).toEqual({ messages: await listMessages(c.id), earlier: false });
    expect(await listLatestMessages('none', 3)).toEqual({ messages: [], earlier: false });
  });

  it('deletes every message after the anchor, including later writes at the same time', async () => {
    const c = await createConversation();
    const other = await createConversation();
    const before = message(c.id, { createdAt: 1_000 });
    const anchor = message(c.id, { id: 'z', createdAt: 2_000 });
    const sameTime = message(c.id, { id: 'a', role: 'assistant', createdAt: 2_000 });
    const after = message(c.id, { createdAt: 3_000 });
    const elsewhere = message(other.id, { createdAt: 3_000 });
    for (const m of [before, anchor, sameTime, after, elsewhere]) await putMessage(m);

    const removed = await deleteMessagesAfter(c.id, anchor.id);

    expect(removed).toEqual([sameTime.id, after.id]);
    expect(await listMessages(c.id)).toEqual([before, anchor]);
    expect(await listMessages(other.id)).toEqual([elsewhere]);
    expect(await deleteMessagesAfter(c.id, anchor.id)).toEqual([]);
  });

  it('refuses to delete after a message that is not in the conversation', async () => {
    const c = await createConversation();
    const other = await createConversation();
    const m = message(other.id);
    await putMessage(m);
    await putMessage(message(c.id));
    await expectNotFound(deleteMessagesAfter(c.id, m.id));
    expect(await listMessages(c.id)).toHaveLength(1);
  });

  it('marks streams that are no longer running as incomplete', async () => {
    const c = await createConversation();
    const running = message(c.id, { role: 'assistant', status: 'streaming', content: 'still going' });
    const cutOff = message(c.id, { role: 'assistant', status: 'streaming', content: 'half an ans' });
    const done = message(c.id, { role: 'assistant', status: 'complete' });
    for (const m of [running, cutOff, done]) await putMessage(m);

    expect(await markInterruptedStreams([running.id])).toEqual([cutOff.id]);

    expect(await getMessage(cutOff.id)).toEqual({ ...cutOff, status: 'incomplete' });
    expect(await getMessage(running.id)).toEqual(running);
    expect(await getMessage(done.id)).toEqual(done);
    expect(await markInterruptedStreams(new Set())).toEqual([running.id]);
  });

  it('closes off interrupted streams with the reason, as an error when nothing had arrived', async () => {
    const c = await createConversation();
    const partial = message(c.id, { role: 'assistant', status: 'streaming', content: 'half' });
    const empty = message(c.id, { role: 'assistant', status: 'streaming', content: '' });
    for (const m of [partial, empty]) await putMessage(m);
    const interrupted = chatError('interrupted', 'worker stopped');

    await markInterruptedStreams([], interrupted);

    expect(await getMessage(partial.id)).toEqual({ ...partial, status: 'incomplete', error: interrupted });
    expect(await getMessage(empty.id)).toEqual({ ...empty, status: 'error', error: interrupted });
  });

  it('deletes the given messages of one conversation only', async () => {
    const c = await createConversation();
    const other = await createConversation();
    const [keep, drop] = [message(c.id), message(c.id)];
    const elsewhere = message(other.id);
    for (const m of [keep, drop, elsewhere]) await putMessage(m);

    await deleteMessages(c.id, [drop.id, elsewhere.id]);

    expect((await listMessages(c.id)).map((m) => m.id)).toEqual([keep.id]);
    expect(await getMessage(elsewhere.id)).toEqual(elsewhere);
  });

  it('stores records without undefined fields, plus the internal seq', async () => {
    const c = await createConversation();
    const m = message(c.id, { model: undefined });
    await putMessage(m);
    const raw = await (await getDb()).get('messages', m.id);
    expect(Object.keys(raw ?? {}).sort()).toEqual(['content', 'conversationId', 'createdAt', 'id', 'role', 'seq', 'status'].sort());
  });
});

describe('searchConversations', () => {
  it('matches titles and message text case-insensitively, newest first, once per conversation', async () => {
    const trip = await createConversation({ title: 'Trip to Lisbon' });
    vi.setSystemTime(2_000);
    const recipes = await createConversation({ title: 'Recipes' });
    await putMessage(message(recipes.id, { content: 'Bacalhau is popular in LISBON restaurants.' }));
    await putMessage(message(recipes.id, { content: 'Lisbon again', createdAt: 3_000 }));
    await putMessage(message(trip.id, { content: 'lisbon in the message too' }));
    const unrelated = await createConversation({ title: 'Taxes' });
    await putMessage(message(unrelated.id, { content: 'nothing here' }));

    vi.setSystemTime(4_000);
    await putMessage(message(trip.id, { content: 'bump activity' }));

    const hits = await searchConversations('lisbon');
    expect(hits.map((h) => h.conversation.id)).toEqual([trip.id, recipes.id]);
    expect(hits[0]).toEqual({
      conversation: await getConversation(trip.id),
      snippet: { before: 'Trip to ', match: 'Lisbon', after: '' },
    });
    const firstRecipeMessage = (await listMessages(recipes.id))[0]!;
    expect(hits[1]).toMatchObject({
      messageId: firstRecipeMessage.id,
      snippet: { before: 'Bacalhau is popular in ', match: 'LISBON', after: ' restaurants.' },
    });
  });

  it('treats the query literally and ignores blank queries', async () => {
    const c = await createConversation({ title: 'plain' });
    await putMessage(message(c.id, { content: 'costs a.b (maybe)' }));
    await putMessage(message(c.id, { content: 'axb' }));
    expect(await searchConversations('   ')).toEqual([]);
    expect(await searchConversations('x.y')).toEqual([]);
    const hits = await searchConversations('(MAYBE)');
    expect(hits).toHaveLength(1);
    expect(hits[0]?.snippet.match).toBe('(maybe)');
    expect((await searchConversations(' a.b ')).map((h) => h.snippet.match)).toEqual(['a.b']);
  });

  it('finds nothing when nothing matches', async () => {
    await createConversation({ title: 'One' });
    expect(await searchConversations('two')).toEqual([]);
  });
});
