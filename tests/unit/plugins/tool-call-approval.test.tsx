// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToolSteps } from '../../../components/chat/ToolSteps';
import { usePendingCalls } from '../../../components/plugins/pending-calls-store';
import type { ToolStep } from '../../../lib/core/conversation';
import { ChatFailure, chatError } from '../../../lib/core/errors';
import { DECLINED_RESULT, type PendingToolCall } from '../../../lib/core/tool-consent';
import { byText, mount, settle, type Mounted } from '../support/dom';

const state = vi.hoisted(() => ({ calls: [] as PendingToolCall[], decideFails: false }));
const request = vi.hoisted(() =>
  vi.fn(async (name: string, payload: { id?: string }) => {
    if (name === 'tools.pendingCalls') return state.calls;
    if (name === 'plugins.list') return [];
    if (name === 'tools.decide') {
      if (state.decideFails) throw new ChatFailure(chatError('not-found', 'This tool call is no longer waiting for an answer.'));
      state.calls = state.calls.filter((c) => c.id !== payload.id);
      return null;
    }
    throw new Error(`unexpected ${name}`);
  }),
);
vi.mock('../../../lib/messaging/client', () => ({ request }));

let view: Mounted | undefined;

const waitingCall: PendingToolCall = {
  id: 'p1',
  conversationId: 'c1',
  callId: 'call-1',
  source: 'mock-weather',
  sourceName: 'Mock Weather',
  tool: 'getWeather',
  origin: 'https://weather.example',
  arguments: '{\n  "city": "Paris"\n}',
  mode: 'ask',
  reason: 'ask',
};
const step: ToolStep = { call: { id: 'call-1', name: 'mock-weather____getWeather', arguments: '{"city":"Paris"}' }, startedAt: 1 };

const region = () => document.querySelector<HTMLElement>('section.tool-approval');
const button = (text: string) => byText('button', text, region()!)!;

async function render(steps: ToolStep[], waitingIn?: string) {
  const node = <ToolSteps steps={steps} waitingIn={waitingIn} />;
  if (view) await view.update(node);
  else view = await mount(node);
}

beforeEach(async () => {
  state.calls = [waitingCall];
  state.decideFails = false;
  // The store is read once per page; each test is a fresh page.
  await usePendingCalls.getState().refresh();
  request.mockClear();
  view = undefined;
});

describe('a tool call waiting for the user', () => {
  it('shows plugin, tool, origin and arguments inside its step, and sends the decision', async () => {
    await render([step], 'c1');
    await settle(() => region() !== null);
    const heading = document.getElementById(region()!.getAttribute('aria-labelledby')!)!;
    expect(heading.textContent).toBe('Allow Mock Weather to run getWeather?');
    expect(region()!.closest('details.tool-step')!.hasAttribute('open')).toBe(true);
    expect(region()!.textContent).toContain('https://weather.example');
    expect(region()!.querySelector('pre')!.textContent).toBe(waitingCall.arguments);
    expect([...region()!.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Allow', 'Always allow', 'Deny']);

    await act(async () => button('Deny').click());
    expect(request).toHaveBeenCalledWith('tools.decide', { id: 'p1', decision: 'deny' });
    await settle(() => region() === null);
  });

  it("shows an MCP server's call the same way: the server, its origin, the tool and the arguments", async () => {
    state.calls = [
      {
        ...waitingCall,
        source: 'mcp:s1',
        sourceName: 'Loopback tools',
        tool: 'add',
        origin: 'http://127.0.0.1:4000',
        arguments: '{"a": 1}',
      },
    ];
    await usePendingCalls.getState().refresh();
    await render([step], 'c1');
    await settle(() => region() !== null);
    const facts = [...region()!.querySelectorAll('dt, dd')].map((node) => node.textContent);
    expect(facts).toEqual(['MCP server', 'Loopback tools', 'Tool', 'add', 'Connects to', 'http://127.0.0.1:4000']);
    expect(region()!.querySelector('pre')!.textContent).toBe('{"a": 1}');
    await act(async () => button('Allow').click());
    expect(request).toHaveBeenCalledWith('tools.decide', { id: 'p1', decision: 'allow' });
  });

  it('says why a call made after a tool result asks again', async () => {
    state.calls = [{ ...waitingCall, reason: 'chained' }];
    await usePendingCalls.getState().refresh();
    await render([step], 'c1');
    await settle(() => region() !== null);
    expect(region()!.textContent).toContain('This call follows a tool result in the same answer');
  });

  it('asks only to continue or stop after too many calls in a row, and Stop declines the call', async () => {
    state.calls = [{ ...waitingCall, mode: 'auto', reason: 'run-limit' }];
    await usePendingCalls.getState().refresh();
    await render([step], 'c1');
    await settle(() => region() !== null);
    const heading = document.getElementById(region()!.getAttribute('aria-labelledby')!)!;
    expect(heading.textContent).toBe('Several tool calls ran in a row without asking. Continue with this one?');
    expect([...region()!.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Continue', 'Stop']);
    await act(async () => button('Stop').click());
    expect(request).toHaveBeenCalledWith('tools.decide', { id: 'p1', decision: 'deny' });
  });

  it('shows in the step how its source was set: to ask each time or to run automatically', async () => {
    state.calls = [];
    await render([{ ...step, approval: 'ask', result: 'ok', durationMs: 5 }]);
    expect(view!.container.querySelector('.tool-step-mode')!.textContent).toBe('Set to ask each time');
    await render([{ ...step, approval: 'auto', result: 'ok', durationMs: 5 }]);
    expect(view!.container.querySelector('.tool-step-mode')!.textContent).toBe('Set to run automatically');
  });

  it('shows a call whose step is not saved yet on its own', async () => {
    await render([], 'c1');
    await settle(() => region() !== null);
    expect(region()!.closest('details')).toBeNull();
  });

  it('shows nothing for another conversation or a finished answer', async () => {
    await render([step], 'c2');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(region()).toBeNull();
    await render([step]);
    expect(region()).toBeNull();
  });

  it('lets a call answered elsewhere go quietly, with no error', async () => {
    await render([step], 'c1');
    await settle(() => region() !== null);
    state.decideFails = true;
    state.calls = [];
    await act(async () => button('Allow').click());
    await settle(() => region() === null);
    expect(view!.container.querySelector('[role=alert]')).toBeNull();
  });

  it('says in the step that the user declined a call', async () => {
    await render([{ ...step, plugin: undefined, error: DECLINED_RESULT, durationMs: 5 }]);
    expect(view!.container.querySelector('.tool-error')!.textContent).toBe(
      'You declined this call. The assistant was told and goes on without it.',
    );
  });

  it('shows how long a finished step took, in the language of the view it is in', async () => {
    const done: ToolStep = { ...step, plugin: undefined, result: 'ok', durationMs: 1500 };
    state.calls = [];
    await render([done]);
    const time = () => view!.container.querySelector('.tool-step summary')!.textContent!;
    expect(time()).toContain('1.5 sec');
    view!.unmount();
    view = await mount(<ToolSteps steps={[done]} />, 'de-DE');
    expect(time()).toContain('1,5 Sek.');
  });
});
