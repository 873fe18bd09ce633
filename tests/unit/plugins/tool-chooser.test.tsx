// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConversationToolLimit } from '../../../components/plugins/ConversationToolLimit';
import { usePluginsStore } from '../../../components/plugins/plugins-store';
import { ToolChooser } from '../../../components/plugins/ToolChooser';
import { useMcpStore } from '../../../components/mcp/mcp-store';
import { useChatStore } from '../../../components/state/chat-store';
import { useProvidersStore } from '../../../components/state/providers-store';
import type { McpServerView } from '../../../lib/messaging/mcp-protocol';
import type { PluginView } from '../../../lib/messaging/plugin-protocol';
import { byText, mount, settle, type } from '../support/dom';

const operations = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: `op${i}`,
    description: `Operation ${i}`,
    parameters: { type: 'object' as const, properties: {} },
  }));

const boxes = (scope: ParentNode) => [...scope.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
const boxFor = (scope: ParentNode, name: string) =>
  boxes(scope).find((box) => box.closest('label')?.querySelector('code')?.textContent === name)!;

describe('ToolChooser', () => {
  it('lists a long list a page at a time, finds a tool by name, and stores the one switched off', async () => {
    const save = vi.fn(async (off: string[]) => off);
    const { container } = await mount(<ToolChooser owner="Huge API" tools={operations(5_000)} saved={[]} save={save} />);
    expect(container.querySelector('legend')?.textContent).toBe('Tools of Huge API: 5,000 of 5,000 on');
    expect(boxes(container)).toHaveLength(100);
    expect(container.textContent).toContain('Showing 100 of 5,000: type to find the others.');

    const search = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(search.getAttribute('aria-label')).toBe('Find a tool of Huge API');
    await act(async () => type(search, 'op4999'));
    await settle(() => boxes(container).length === 1);
    await act(async () => boxFor(container, 'op4999').click());
    expect(save).toHaveBeenLastCalledWith(['op4999']);
    await settle(() => container.querySelector('legend')?.textContent === 'Tools of Huge API: 4,999 of 5,000 on');
    expect(boxFor(container, 'op4999').checked).toBe(false);
  });

  it('turns every tool off at once, then the chosen ones back on, and warns while more are on than the model takes', async () => {
    const save = vi.fn(async (off: string[]) => off);
    const tools = operations(200);
    const { container } = await mount(<ToolChooser owner="Big API" tools={tools} saved={[]} limit={128} save={save} />);
    expect(container.querySelector('[role="status"].tool-limit-notice')?.textContent).toContain('Tools on: 200.');
    expect(container.querySelector('[role="status"].tool-limit-notice')?.textContent).toContain('at most 128 per request');

    await act(async () => byText('button', 'Turn all off', container)!.click());
    expect(save).toHaveBeenLastCalledWith(tools.map((t) => t.name));
    await settle(() => !container.querySelector('.tool-limit-notice'));
    await act(async () => boxFor(container, 'op7').click());
    expect(save).toHaveBeenLastCalledWith(tools.map((t) => t.name).filter((n) => n !== 'op7'));
    await settle(() => container.querySelector('legend')?.textContent === 'Tools of Big API: 1 of 200 on');
  });

  it('puts a switch back and says why when storing the choice fails', async () => {
    const save = vi.fn(async (): Promise<string[]> => {
      throw new Error('storage broke');
    });
    const { container } = await mount(<ToolChooser owner="Small API" tools={operations(3)} saved={[]} save={save} />);
    await act(async () => boxFor(container, 'op1').click());
    await settle(() => !!container.querySelector('[role="alert"]'));
    expect(boxFor(container, 'op1').checked).toBe(true);
  });
});

const plugin = (identifier: string, apis: number, disabledTools: string[] = []): PluginView => ({
  identifier,
  manifest: { identifier, type: 'default', meta: { title: identifier }, api: operations(apis) },
  builtin: false,
  origins: [],
  settingsSet: {},
  settingValues: {},
  missingSettings: [],
  enabled: true,
  approval: 'ask',
  disabledTools,
});

const server = (id: string, tools: number): McpServerView => ({
  id,
  url: 'https://mcp.example/',
  origin: 'https://mcp.example',
  name: id,
  transport: 'streamable-http',
  tools: operations(tools).map(({ name, parameters }) => ({ name, inputSchema: parameters })),
  addedAt: 0,
  enabled: true,
  approval: 'ask',
  tokenSet: false,
  headersSet: false,
  signedIn: false,
});

describe('ConversationToolLimit', () => {
  beforeEach(() => {
    useChatStore.setState({ conversation: undefined });
    useProvidersStore.setState({
      providers: [
        { id: 'p1', kind: 'openai', name: 'OpenAI', settings: {}, manualModels: [], createdAt: 0, secretsSet: {}, maxTools: 128 },
      ],
      selected: { providerId: 'p1', model: 'gpt' },
    });
    useMcpStore.setState({ views: [server('s1', 40)] });
  });

  it("says so, with the numbers, once the chat's plugins and servers have more tools on than the model takes", async () => {
    usePluginsStore.setState({ views: [plugin('huge', 5_000), plugin('small', 10)], pending: ['small'] });
    const { container } = await mount(<ConversationToolLimit />);
    expect(container.textContent).toBe('');

    await act(async () => usePluginsStore.setState({ pending: ['small', 'huge', 'mcp:s1'] }));
    const notice = container.querySelector('[role="status"]')?.textContent;
    expect(notice).toContain('Tools on in this chat: 5,050.');
    expect(notice).toContain('at most 128 per request');

    // Switching most of its operations off brings the chat back under the limit.
    const off = operations(5_000)
      .slice(10)
      .map((t) => t.name);
    await act(async () => usePluginsStore.setState({ views: [plugin('huge', 5_000, off), plugin('small', 10)] }));
    expect(container.textContent).toBe('');
  });
});
