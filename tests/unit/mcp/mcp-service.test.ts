import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../lib/core/conversation';
import { mcpToolsetId } from '../../../lib/core/mcp';
import { createConsentGate, DECLINED_RESULT } from '../../../lib/core/tool-consent';
import { createMcpService, type McpService } from '../../../lib/mcp/mcp-service';
import { getMcpServer, mcpSecretOwner } from '../../../lib/mcp/server-records';
import { closeDb, DB_NAME, getDb } from '../../../lib/storage/db';
import { getSecrets } from '../../../lib/storage/secret-vault';
import { PIXEL_PNG, startMcpServer, type McpMock } from '../../mocks/mcp-server';
import { until, installFakeClock } from '../support/fake-clock';
import { failureOf } from '../support/failure';
import { allowAll } from '../support/permits';
import { aConversation } from '../support/conversation';

let mock: McpMock;
let service: McpService;
beforeAll(async () => {
  mock = await startMcpServer();
});
afterAll(() => mock.close());
beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  mock.headers.length = 0;
  mock.calls.length = 0;
  mock.requireAuth(false);
  service = createMcpService({ callTimeoutMs: 1_000 });
});
afterEach(() => service.close());

function conversationWith(...serverIds: string[]): Conversation {
  return aConversation({ plugins: serverIds.map(mcpToolsetId) });
}

const call = (name: string, args: unknown) => ({ id: `call-${name}`, name, arguments: JSON.stringify(args) });
const signal = () => new AbortController().signal;

describe('adding an MCP server', () => {
  it('connects over Streamable HTTP, lists its tools and seals the token and headers in the vault', async () => {
    const view = await service.add({ url: mock.url, origin: mock.origin, token: 'tok-123', headers: '{"X-Team":"blue"}' });
    expect(view).toMatchObject({ name: 'loopback-tools', transport: 'streamable-http', tokenSet: true, headersSet: true, enabled: true });
    expect(view.tools.map((t) => t.name)).toEqual(['add', 'chart', 'slow', 'broken', 'lookup', 'whoami']);
    expect(view.tools[0]!.inputSchema).toMatchObject({ type: 'object', required: ['a', 'b'] });
    expect(mock.headers.every((h) => h.authorization === 'Bearer tok-123' && h['x-team'] === 'blue')).toBe(true);
    expect(await getSecrets(mcpSecretOwner(view.id))).toEqual({ token: 'tok-123', extraHeaders: '{"X-Team":"blue"}' });
    // The stored record holds no secret.
    expect(JSON.stringify(await getMcpServer(view.id))).not.toContain('tok-123');
    expect(JSON.stringify(await (await getDb()).getAll('prefs'))).not.toContain('tok-123');
  });

  it('falls back to the older HTTP+SSE transport for a server without Streamable HTTP', async () => {
    const view = await service.add({ url: mock.sseUrl, origin: mock.origin });
    expect(view.transport).toBe('sse');
    expect(view.tools.map((t) => t.name)).toContain('add');
  });

  it('refuses a URL outside the origin the user approved, and stores nothing', async () => {
    const failure = await failureOf(service.add({ url: mock.url, origin: 'http://127.0.0.1:1' }));
    expect(failure.code).toBe('forbidden');
    expect(mock.headers).toHaveLength(0);
    expect(await service.list()).toEqual([]);
  });

  it('refuses to send a token over plain http to a remote host', async () => {
    const failure = await failureOf(service.add({ url: 'http://example.com/mcp', origin: 'http://example.com', token: 't' }));
    expect(failure.code).toBe('insecure-url');
  });

  it('says the server is unreachable when nothing answers', async () => {
    const closed = await startMcpServer();
    const url = closed.url;
    const origin = closed.origin;
    await closed.close();
    expect((await failureOf(service.add({ url, origin }))).code).toBe('mcp-unreachable');
    expect(await service.list()).toEqual([]);
  });

  it('says the server refused the credentials on 401', async () => {
    mock.requireAuth(true);
    expect((await failureOf(service.add({ url: mock.url, origin: mock.origin, token: 'wrong' }))).code).toBe('mcp-unauthorized');
  });

  it('says the address does not speak MCP when it answers something else', async () => {
    const url = `${mock.origin}/nothing-here`;
    expect((await failureOf(service.add({ url, origin: mock.origin }))).code).toBe('mcp-protocol');
  });
});

describe("changing a server's address or credentials", () => {
  it('saves a new token once the server answers with it', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin, token: 'old' });
    mock.headers.length = 0;
    const view = await service.update(id, { url: mock.url, origin: mock.origin, token: 'new' });
    expect(view.tokenSet).toBe(true);
    expect(mock.headers.every((h) => h.authorization === 'Bearer new')).toBe(true);
    expect(await getSecrets(mcpSecretOwner(id))).toEqual({ token: 'new' });
  });

  it('keeps everything as it was when the server refuses the change', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin, token: 'old' });
    mock.requireAuth(true);
    expect((await failureOf(service.update(id, { url: mock.url, origin: mock.origin, token: 'new' }))).code).toBe('mcp-unauthorized');
    expect(await getSecrets(mcpSecretOwner(id))).toEqual({ token: 'old' });
  });

  it('moves to another origin only with that origin approved, the token then going there', async () => {
    const other = await startMcpServer();
    try {
      const { id } = await service.add({ url: mock.url, origin: mock.origin, token: 'tok' });
      const refused = await failureOf(service.update(id, { url: other.url, origin: mock.origin }));
      expect(refused.code).toBe('forbidden');
      expect(other.headers).toHaveLength(0);
      const moved = await service.update(id, { url: other.sseUrl, origin: other.origin });
      expect(moved).toMatchObject({ origin: other.origin, url: other.sseUrl, transport: 'sse' });
      expect(other.headers[0]?.authorization).toBe('Bearer tok');
      const outcome = await service.runtime.execute(conversationWith(id), call('loopback-tools__add', { a: 1, b: 2 }), signal(), allowAll);
      expect(outcome.result).toBe('The sum is 3.');
      expect(other.calls).toEqual([{ tool: 'add', args: { a: 1, b: 2 } }]);
    } finally {
      await other.close();
    }
  });
});

describe('MCP tools in a conversation', () => {
  it('offers only the tools of servers enabled in the conversation and switched on', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    expect((await service.runtime.definitions(conversationWith())).tools).toEqual([]);
    const names = (await service.runtime.definitions(conversationWith(id))).tools.map((t) => t.name);
    expect(names).toEqual([
      'loopback-tools__add',
      'loopback-tools__chart',
      'loopback-tools__slow',
      'loopback-tools__broken',
      'loopback-tools__lookup',
      'loopback-tools__whoami',
    ]);
    await service.setEnabled(id, false);
    expect((await service.runtime.definitions(conversationWith(id))).tools).toEqual([]);
  });

  it('offers and calls only the tools the user left on, and keeps the choice with the server', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    const view = await service.setDisabledTools(id, ['chart', 'slow', 'broken', 'lookup', 'whoami']);
    expect(view.disabledTools).toEqual(['chart', 'slow', 'broken', 'lookup', 'whoami']);
    expect((await getMcpServer(id))?.disabledTools).toEqual(view.disabledTools);
    const names = (await service.runtime.definitions(conversationWith(id))).tools.map((t) => t.name);
    expect(names).toEqual(['loopback-tools__add']);
    const refused = await service.runtime.execute(conversationWith(id), call('loopback-tools__lookup', { q: 'tea' }), signal(), allowAll);
    expect(refused).toMatchObject({ isError: true, result: 'There is no tool named "loopback-tools__lookup" in this conversation.' });
    expect(mock.calls.map((c) => c.tool)).not.toContain('lookup');
  });

  it('runs a call with its arguments and passes the text back', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    const outcome = await service.runtime.execute(conversationWith(id), call('loopback-tools__add', { a: 2, b: 40 }), signal(), allowAll);
    expect(outcome).toEqual({ result: 'The sum is 42.' });
    expect(mock.calls).toEqual([{ tool: 'add', args: { a: 2, b: 40 } }]);
  });

  it('validates the arguments against the inputSchema before any call', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    const outcome = await service.runtime.execute(conversationWith(id), call('loopback-tools__add', { a: 'two' }), signal(), allowAll);
    expect(outcome.isError).toBe(true);
    expect(outcome.result).toMatch(/^Invalid tool arguments\./);
    expect(mock.calls).toEqual([]);
  });

  it('keeps an image result for the step and tells the model about it', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    const outcome = await service.runtime.execute(conversationWith(id), call('loopback-tools__chart', {}), signal(), allowAll);
    expect(outcome.images).toEqual([{ mimeType: 'image/png', data: PIXEL_PNG }]);
    expect(outcome.result).toContain('Image 1 (image/png)');
  });

  it('passes an embedded resource on as text', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    const outcome = await service.runtime.execute(conversationWith(id), call('loopback-tools__lookup', { q: 'tea' }), signal(), allowAll);
    expect(outcome.result).toBe('Found tea.\n\nResource memo://found (text/plain):\nThe memo about tea.');
  });

  it("reports the tool's own error (isError) with its code", async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    const outcome = await service.runtime.execute(conversationWith(id), call('loopback-tools__broken', {}), signal(), allowAll);
    expect(outcome).toEqual({ result: 'The broken tool is out of order.', isError: true, code: 'mcp-tool-error' });
  });

  it('gives up on a call past the time limit, and the next call still works', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    installFakeClock();
    try {
      const pending = service.runtime.execute(conversationWith(id), call('loopback-tools__slow', { ms: 5_000 }), signal(), allowAll);
      await until(() => mock.calls.some((c) => c.tool === 'slow'));
      await vi.advanceTimersByTimeAsync(999);
      expect(await Promise.race([pending, 'still waiting'])).toBe('still waiting');
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ isError: true, code: 'mcp-timeout' });
      // The mock's tool finishes too, so no request is left open.
      await vi.advanceTimersByTimeAsync(4_000);
    } finally {
      vi.useRealTimers();
    }
    const next = await service.runtime.execute(conversationWith(id), call('loopback-tools__add', { a: 1, b: 1 }), signal(), allowAll);
    expect(next.result).toBe('The sum is 2.');
  });

  it('reports an unreachable server as a failed call instead of breaking the chat, offering its last tool list', async () => {
    const other = await startMcpServer();
    const { id } = await service.add({ url: other.url, origin: other.origin });
    await other.close();
    await service.refresh(id).catch(() => undefined);
    const tools = (await service.runtime.definitions(conversationWith(id))).tools;
    expect(tools.map((t) => t.name)).toContain('loopback-tools__add');
    const outcome = await service.runtime.execute(conversationWith(id), call('loopback-tools__add', { a: 1, b: 2 }), signal(), allowAll);
    expect(outcome).toMatchObject({ isError: true, code: 'mcp-unreachable' });
  });

  it('picks up a tool the server adds (notifications/tools/list_changed)', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    const before = (await service.runtime.definitions(conversationWith(id))).tools.map((t) => t.name);
    expect(before).not.toContain('loopback-tools__weather');
    mock.addTool('weather', 'Sunny.');
    await expect
      .poll(async () => (await service.runtime.definitions(conversationWith(id))).tools.map((t) => t.name), { timeout: 5_000 })
      .toContain('loopback-tools__weather');
    const outcome = await service.runtime.execute(conversationWith(id), call('loopback-tools__weather', {}), signal(), allowAll);
    expect(outcome.result).toBe('Sunny.');
    // The stored list follows, for when the server cannot be reached.
    await expect.poll(async () => (await getMcpServer(id))?.tools.map((t) => t.name)).toContain('weather');
  });

  it('keeps the token out of what a server echoes: its errors and its results', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin, token: 'tok-secret-42' });
    const outcome = await service.runtime.execute(conversationWith(id), call('loopback-tools__whoami', {}), signal(), allowAll);
    expect(outcome.result).toBe('You sent [redacted].');
    mock.requireAuth(true);
    const refused = await failureOf(service.update(id, { url: mock.url, origin: mock.origin, token: 'tok-other-43' }));
    expect(refused.code).toBe('mcp-unauthorized');
    expect(refused.message).toContain('unauthorized: [redacted]');
    expect(refused.message).not.toContain('tok-other-43');
    await service.refresh(id).catch(() => undefined);
    const failed = await service.runtime.execute(conversationWith(id), call('loopback-tools__add', { a: 1, b: 1 }), signal(), allowAll);
    expect(failed.code).toBe('mcp-unauthorized');
    expect(failed.result).not.toContain('tok-secret-42');
  });

  it('forgets the token and headers when the server is removed', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin, token: 'tok' });
    await service.remove(id);
    expect(await service.list()).toEqual([]);
    expect(await getSecrets(mcpSecretOwner(id))).toEqual({});
  });

  it('puts a server removed moments ago back under its id, its token working again and still unseen by the panel', async () => {
    const added = await service.add({ url: mock.url, origin: mock.origin, token: 'tok-undo-7', headers: '{"X-Team":"blue"}' });
    await service.remove(added.id);
    const restored = await service.restore(added.id);
    expect(restored).toEqual(added);
    expect(JSON.stringify(restored)).not.toContain('tok-undo-7');
    expect(await service.list()).toEqual([added]);
    mock.headers.length = 0;
    const outcome = await service.runtime.execute(
      conversationWith(added.id),
      call('loopback-tools__add', { a: 2, b: 3 }),
      signal(),
      allowAll,
    );
    expect(outcome.result).toBe('The sum is 5.');
    expect(mock.headers.at(-1)).toMatchObject({ authorization: 'Bearer tok-undo-7', 'x-team': 'blue' });
    // Undo is once: the server is back, so there is nothing left to restore.
    expect((await failureOf(service.restore(added.id))).code).toBe('not-found');
  });

  it('cannot put a server back once a minute has passed since its removal', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin, token: 'tok' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await service.remove(id);
      vi.advanceTimersByTime(60_000);
      expect((await failureOf(service.restore(id))).code).toBe('not-found');
    } finally {
      vi.useRealTimers();
    }
    expect(await service.list()).toEqual([]);
    expect(await getSecrets(mcpSecretOwner(id))).toEqual({});
  });
});

describe("asking the user before an MCP server's call", () => {
  function gated() {
    const consent = { alwaysAllow: vi.fn(async () => undefined), allowInConversation: vi.fn(async () => undefined), announce: vi.fn() };
    const gate = createConsentGate(consent);
    const run = (conversation: Conversation, toolCall: ReturnType<typeof call>, chained = false) => {
      const controller = new AbortController();
      const permit = gate.turn(conversation, controller.signal);
      return service.runtime.execute(conversation, toolCall, controller.signal, (request) => permit(request, chained));
    };
    const waiting = async () => {
      await vi.waitFor(() => expect(gate.pending()).toHaveLength(1));
      return gate.pending()[0]!;
    };
    return { gate, consent, run, waiting };
  }

  it('holds a call of a server set to ask (the default) until the user allows it, naming server, origin, tool and arguments', async () => {
    const { id, approval } = await service.add({ url: mock.url, origin: mock.origin });
    expect(approval).toBe('ask');
    const { gate, run, waiting } = gated();
    const outcome = run(conversationWith(id), call('loopback-tools__add', { a: 2, b: 3 }));
    const pending = await waiting();
    expect(pending).toMatchObject({
      source: mcpToolsetId(id),
      sourceName: 'loopback-tools',
      tool: 'add',
      origin: mock.origin,
      reason: 'ask',
    });
    expect(JSON.parse(pending.arguments)).toEqual({ a: 2, b: 3 });
    expect(mock.calls).toEqual([]);
    gate.decide(pending.id, 'allow');
    expect((await outcome).result).toBe('The sum is 5.');
    expect(mock.calls).toEqual([{ tool: 'add', args: { a: 2, b: 3 } }]);
  });

  it('sends nothing when the user declines, and tells the model so', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    const { gate, run, waiting } = gated();
    const outcome = run(conversationWith(id), call('loopback-tools__add', { a: 2, b: 3 }));
    gate.decide((await waiting()).id, 'deny');
    expect(await outcome).toEqual({ result: DECLINED_RESULT, isError: true });
    expect(mock.calls).toEqual([]);
  });

  it('runs the calls of a server set to run automatically at once, the setting kept on its record', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    expect((await service.setApproval(id, 'auto')).approval).toBe('auto');
    expect((await getMcpServer(id))?.approval).toBe('auto');
    const { consent, run } = gated();
    expect((await run(conversationWith(id), call('loopback-tools__add', { a: 1, b: 1 }))).result).toBe('The sum is 2.');
    expect(consent.announce).not.toHaveBeenCalled();
  });
});
