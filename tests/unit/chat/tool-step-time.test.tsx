// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ToolSteps } from '../../../components/chat/ToolSteps';
import type { ToolStep } from '../../../lib/core/conversation';
import { mount } from '../support/dom';

vi.mock('../../../lib/messaging/client', () => ({ request: vi.fn(async () => []) }));

const step = (durationMs: number): ToolStep => ({
  call: { id: 'call-1', name: 'lookup', arguments: '{}' },
  startedAt: 1,
  result: 'ok',
  durationMs,
});

async function timeShown(durationMs: number, locale?: string): Promise<string> {
  const view = await mount(<ToolSteps steps={[step(durationMs)]} />, locale);
  const text = view.container.querySelector('.tool-step summary')!.textContent!;
  view.unmount();
  return text;
}

describe('the time a tool step took', () => {
  it('gives a sub-second step in milliseconds, not as "0 sec"', async () => {
    const text = await timeShown(42);
    expect(text).toContain('42 ms');
    expect(text).not.toContain('0 sec');
  });

  it('formats the milliseconds in the view’s language', async () => {
    expect(await timeShown(420, 'ar-SA')).toContain('٤٢٠');
  });

  it('keeps seconds from one second on', async () => {
    expect(await timeShown(2300)).toContain('2.3 sec');
  });
});
