import { describe, expect, it, vi } from 'vitest';
import { createConsentGate, MAX_UNATTENDED_CALLS, type ToolCallRequest } from '../../../lib/core/tool-consent';
import { aConversation } from '../support/conversation';

const chat = aConversation;

const request = (extra: Partial<ToolCallRequest> = {}): ToolCallRequest => ({
  callId: 'call-1',
  source: 'mcp:s1',
  sourceName: 'Search server',
  tool: 'lookup',
  origin: 'https://search.example',
  arguments: '{}',
  mode: 'ask',
  ...extra,
});

function setup() {
  const deps = { alwaysAllow: vi.fn(async () => undefined), allowInConversation: vi.fn(async () => undefined), announce: vi.fn() };
  const gate = createConsentGate(deps);
  const answer = (decision: 'allow' | 'always' | 'deny') => gate.decide(gate.pending()[0]!.id, decision);
  const asked = async () => {
    await vi.waitFor(() => expect(gate.pending()).toHaveLength(1));
    return gate.pending()[0]!;
  };
  return { gate, deps, answer, asked };
}

describe('the consent gate every tool source shares', () => {
  it('lets an "allow" cover the first calls of later answers in the chat, never a chained one', async () => {
    const { gate, deps, answer, asked } = setup();
    const signal = new AbortController().signal;
    const first = gate.turn(chat(), signal)(request(), false);
    expect(await asked()).toMatchObject({ reason: 'ask', conversationId: 'c1', source: 'mcp:s1' });
    answer('allow');
    expect(await first).toBe(true);
    expect(deps.allowInConversation).toHaveBeenCalledWith('c1', 'mcp:s1');

    const later = gate.turn(chat(), signal);
    expect(await later(request(), false)).toBe(true);
    const chained = later(request({ callId: 'call-2' }), true);
    expect(await asked()).toMatchObject({ reason: 'chained', callId: 'call-2' });
    answer('deny');
    expect(await chained).toBe(false);
  });

  it('"Always allow" switches the source the call came from to run automatically', async () => {
    const { gate, deps, answer, asked } = setup();
    const permitted = gate.turn(chat(), new AbortController().signal)(request({ source: 'mcp:s9' }), false);
    await asked();
    answer('always');
    expect(await permitted).toBe(true);
    expect(deps.alwaysAllow).toHaveBeenCalledWith('mcp:s9');
  });

  it('pauses calls that run automatically after a few in a row; Continue lets a few more run before it asks again', async () => {
    const { gate, deps, answer, asked } = setup();
    const permit = gate.turn(chat(), new AbortController().signal);
    for (let i = 0; i < MAX_UNATTENDED_CALLS; i++) expect(await permit(request({ mode: 'auto' }), i > 0)).toBe(true);
    const paused = permit(request({ mode: 'auto' }), true);
    expect(await asked()).toMatchObject({ reason: 'run-limit', mode: 'auto' });
    answer('allow');
    expect(await paused).toBe(true);
    // Continuing is no setting: the source stays as it was, and the chat records no "allow".
    expect(deps.alwaysAllow).not.toHaveBeenCalled();
    expect(deps.allowInConversation).not.toHaveBeenCalled();
    for (let i = 0; i < MAX_UNATTENDED_CALLS; i++) expect(await permit(request({ mode: 'auto' }), true)).toBe(true);
    const again = permit(request({ mode: 'auto' }), true);
    expect((await asked()).reason).toBe('run-limit');
    answer('deny');
    expect(await again).toBe(false);
  });

  it('counts each answer on its own', async () => {
    const { gate } = setup();
    const signal = new AbortController().signal;
    for (let turn = 0; turn < 2; turn++) {
      const permit = gate.turn(chat(), signal);
      for (let i = 0; i < MAX_UNATTENDED_CALLS; i++) expect(await permit(request({ mode: 'auto' }), i > 0)).toBe(true);
    }
    expect(gate.pending()).toEqual([]);
  });

  it('refuses an answer to a call that no longer waits', () => {
    const { gate } = setup();
    expect(() => gate.decide('gone', 'allow')).toThrow(/no longer waiting/);
  });
});
