import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../lib/core/chat';
import { ChatFailure } from '../../../lib/core/errors';
import {
  alternatingTurns,
  argumentsObject,
  commonFinish,
  list,
  messagesStop,
  record,
  systemText,
} from '../../../lib/providers/wire-common';

describe('wire helpers shared by the adapters', () => {
  const conversation: ChatMessage[] = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Weather?' },
    { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 'f', arguments: '{}' }] },
    { role: 'tool', content: 'sunny', toolCallId: 'a' },
    { role: 'tool', content: 'warm', toolCallId: 'b' },
    { role: 'assistant', content: '' },
    { role: 'user', content: 'Thanks' },
    { role: 'system', content: '' },
    { role: 'system', content: 'Answer in French.' },
  ];

  it('alternates turns: systems out, tool results with the user, empty turns dropped, runs of one role joined', () => {
    const turns = alternatingTurns(conversation, (m) => (m.content ? [m.content] : (m.toolCalls ?? []).map((c) => c.name)));
    expect(turns).toEqual([
      { role: 'user', content: ['Weather?'] },
      { role: 'assistant', content: ['f'] },
      { role: 'user', content: ['sunny', 'warm', 'Thanks'] },
    ]);
  });

  it('joins the non-empty system messages into one text', () => {
    expect(systemText(conversation)).toBe('Be brief.\n\nAnswer in French.');
    expect(systemText([{ role: 'user', content: 'hi' }])).toBe('');
  });

  it('reads tool arguments as an object, and anything else as no arguments', () => {
    expect(argumentsObject('{"city":"Oslo"}')).toEqual({ city: 'Oslo' });
    for (const bad of ['', '{', '[1]', '"text"', 'null']) expect(argumentsObject(bad)).toEqual({});
  });

  it('maps the common and the Messages API stop names', () => {
    expect(['stop', 'length', 'tool_calls', 'content_filter', 'load', null].map(commonFinish)).toEqual([
      'stop',
      'length',
      'tool-calls',
      'content-filter',
      'other',
      undefined,
    ]);
    expect(['end_turn', 'max_tokens', 'tool_use', 'guardrail_intervened', 'pause_turn'].map(messagesStop)).toEqual([
      'stop',
      'length',
      'tool-calls',
      'content-filter',
      'other',
    ]);
  });

  it('calls anything but an object, or a list, a malformed stream', () => {
    for (const bad of [null, [], 'x']) expect(() => record(bad)).toThrow(ChatFailure);
    expect(() => list({}, 'The choices')).toThrow(/The choices is not a list/);
    expect(list(undefined, 'The choices')).toEqual([]);
  });
});
