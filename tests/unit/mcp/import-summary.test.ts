import { describe, expect, it } from 'vitest';
import { mcpToolsetId } from '../../../lib/core/mcp';
import { summarizeImport } from '../../../lib/storage/export';

describe('the import review', () => {
  it('names the plugins a file mentions, but not the MCP servers of the browser that exported it', () => {
    const doc = {
      format: 'parley.conversations',
      version: 1,
      exportedAt: '2024-01-01T00:00:00.000Z',
      conversations: [
        {
          id: 'c',
          title: '',
          createdAt: 1,
          updatedAt: 1,
          systemPrompt: '',
          params: {},
          messages: [],
          plugins: ['search', mcpToolsetId('a1b2')],
        },
      ],
    };
    expect(summarizeImport(doc).plugins).toEqual(['search']);
  });
});
