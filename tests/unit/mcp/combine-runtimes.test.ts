import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../lib/core/conversation';
import { combineToolRuntimes, type ToolRuntime } from '../../../lib/core/tool-runtime';
import { allowAll } from '../support/permits';

const conversation = { id: 'c', plugins: [] } as unknown as Conversation;
const signal = new AbortController().signal;

function source(label: string, names: string[], systemRole?: string): ToolRuntime {
  return {
    definitions: async () => ({ tools: names.map((name) => ({ name, description: label, parameters: { type: 'object' } })), systemRole }),
    execute: async (_c, call) => ({ result: `${label} ran ${call.name}` }),
  };
}

describe('tool sources combined', () => {
  const plugins = source('plugins', ['page', 'shared'], 'Plugin rules.');
  const mcp = source('mcp', ['srv__add', 'shared']);
  const both = combineToolRuntimes(plugins, mcp);

  it('offers every source’s tools once, the first source keeping a shared name, and joins system roles', async () => {
    const set = await both.definitions(conversation);
    expect(set.tools.map((t) => `${t.description}:${t.name}`)).toEqual(['plugins:page', 'plugins:shared', 'mcp:srv__add']);
    expect(set.systemRole).toBe('Plugin rules.');
  });

  it('sends each call to the source that offered its name', async () => {
    expect((await both.execute(conversation, { id: '1', name: 'srv__add', arguments: '{}' }, signal, allowAll)).result).toBe(
      'mcp ran srv__add',
    );
    expect((await both.execute(conversation, { id: '2', name: 'shared', arguments: '{}' }, signal, allowAll)).result).toBe(
      'plugins ran shared',
    );
    expect((await both.execute(conversation, { id: '3', name: 'page', arguments: '{}' }, signal, allowAll)).result).toBe(
      'plugins ran page',
    );
  });
});
