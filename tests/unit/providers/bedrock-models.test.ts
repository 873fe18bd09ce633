import { describe, expect, it } from 'vitest';
import type { ChatEvent, ChatRequest } from '../../../lib/core/chat';
import { ChatFailure } from '../../../lib/core/errors';
import { claudeCodec } from '../../../lib/providers/bedrock/bedrock-claude';
import { messagesDecoder, messagesWhole } from '../../../lib/providers/bedrock/bedrock-messages';
import { baseModelId, modelFamily, routeFor, supportsTools } from '../../../lib/providers/bedrock/bedrock-models';
import { llamaCodec, mistralCodec } from '../../../lib/providers/bedrock/bedrock-prompt';
import type { ReplyDecoder } from '../../../lib/providers/bedrock/bedrock-reply';

function decode(decoder: ReplyDecoder, payloads: unknown[]): ChatEvent[] {
  const events: ChatEvent[] = [];
  for (const p of payloads) for (const text of decoder.push(p)) events.push({ type: 'text-delta', text });
  return [...events, ...decoder.end()];
}

function failureOf(run: () => unknown): ChatFailure['error'] | undefined {
  try {
    run();
  } catch (e) {
    if (e instanceof ChatFailure) return e.error;
    throw e;
  }
  return undefined;
}

describe('Bedrock model ids', () => {
  it.each([
    ['anthropic.claude-3-5-sonnet-20240620-v1:0', 'anthropic.claude-3-5-sonnet-20240620-v1:0', 'claude'],
    ['us.anthropic.claude-3-7-sonnet-20250219-v1:0', 'anthropic.claude-3-7-sonnet-20250219-v1:0', 'claude'],
    ['us-gov.anthropic.claude-3-haiku-20240307-v1:0', 'anthropic.claude-3-haiku-20240307-v1:0', 'claude'],
    [
      'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-3-5-sonnet-20240620-v1:0',
      'anthropic.claude-3-5-sonnet-20240620-v1:0',
      'claude',
    ],
    ['arn:aws:bedrock:us-east-1::foundation-model/meta.llama3-70b-instruct-v1:0', 'meta.llama3-70b-instruct-v1:0', 'llama'],
    ['global.amazon.nova-2-lite-v1:0', 'amazon.nova-2-lite-v1:0', 'nova'],
    ['mistral.mixtral-8x7b-instruct-v0:1', 'mistral.mixtral-8x7b-instruct-v0:1', 'mistral'],
    ['mistral.mistral-large-2407-v1:0', 'mistral.mistral-large-2407-v1:0', undefined],
    ['us.meta.llama4-maverick-17b-instruct-v1:0', 'meta.llama4-maverick-17b-instruct-v1:0', undefined],
    ['cohere.command-r-v1:0', 'cohere.command-r-v1:0', undefined],
    ['arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/a1b2c3', 'a1b2c3', undefined],
  ])('%s is %s, family %s', (id, base, family) => {
    expect(baseModelId(id)).toBe(base);
    expect(modelFamily(id)).toBe(family);
  });

  const tool = { name: 'f', description: '', parameters: { type: 'object' as const } };
  const ask = (model: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
    model,
    messages: [{ role: 'user', content: 'x' }],
    ...extra,
  });

  it('routes known families to InvokeModel, tools (except Claude’s) and unknown families to Converse', () => {
    expect(routeFor(ask('anthropic.claude-3-haiku-20240307-v1:0', { tools: [tool] }))).toEqual({ api: 'invoke', family: 'claude' });
    expect(routeFor(ask('meta.llama3-1-8b-instruct-v1:0'))).toEqual({ api: 'invoke', family: 'llama' });
    expect(routeFor(ask('meta.llama3-1-8b-instruct-v1:0', { tools: [tool] }))).toEqual({ api: 'converse' });
    expect(routeFor(ask('amazon.nova-pro-v1:0', { messages: [{ role: 'tool', content: '1', toolCallId: 'a' }] }))).toEqual({
      api: 'converse',
    });
    expect(routeFor(ask('ai21.jamba-1-5-large-v1:0'))).toEqual({ api: 'converse' });
  });

  it.each([
    ['anthropic.claude-3-5-haiku-20241022-v1:0', true],
    ['anthropic.claude-v2:1', false],
    ['anthropic.claude-instant-v1', false],
    ['meta.llama3-8b-instruct-v1:0', false],
    ['us.meta.llama3-1-70b-instruct-v1:0', true],
    ['meta.llama3-2-3b-instruct-v1:0', false],
    ['mistral.mistral-7b-instruct-v0:2', false],
    ['mistral.mistral-large-2402-v1:0', true],
    ['amazon.nova-micro-v1:0', true],
    ['cohere.command-r-plus-v1:0', true],
  ])('supportsTools(%s) is %s', (id, expected) => {
    expect(supportsTools(id)).toBe(expected);
  });
});

describe('Bedrock reply decoders', () => {
  it('assembles Claude tool_use input from input_json_delta fragments, per block index', () => {
    const events = decode(claudeCodec.decoder(), [
      { type: 'message_start', message: { usage: { input_tokens: 20, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me check.' } },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: {} } },
      { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_b', name: 'get_time', input: {} } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"city":' } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '"Oslo"}' } },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 31 } },
      { type: 'message_stop', 'amazon-bedrock-invocationMetrics': { inputTokenCount: 99, outputTokenCount: 99 } },
    ]);
    expect(events).toEqual([
      { type: 'text-delta', text: 'Let me check.' },
      { type: 'tool-call', call: { id: 'toolu_a', name: 'get_weather', arguments: '{"city":"Oslo"}' } },
      { type: 'tool-call', call: { id: 'toolu_b', name: 'get_time', arguments: '{}' } },
      { type: 'usage', usage: { inputTokens: 20, outputTokens: 31 } },
      { type: 'finish', reason: 'tool-calls' },
    ]);
  });

  it.each([
    ['refusal', 'content-filter'],
    ['guardrail_intervened', 'content-filter'],
    ['stop_sequence', 'stop'],
    ['pause_turn', 'other'],
  ])('maps Claude stop_reason %s to %s', (stop_reason, reason) => {
    const events = decode(claudeCodec.decoder(), [{ type: 'message_delta', delta: { stop_reason }, usage: { output_tokens: 1 } }]);
    expect(events.at(-1)).toEqual({ type: 'finish', reason });
  });

  it('reports no finish when a stream ends without a stop reason, so the answer counts as cut off', () => {
    const decoder = llamaCodec.decoder();
    decoder.push({ generation: 'half', stop_reason: null });
    expect(decoder.end()).toEqual([]);
  });

  it("fails with 'malformed-stream' on a chunk that is not an object, or arguments for a call that never started", () => {
    expect(failureOf(() => mistralCodec.decoder().push([1, 2]))).toMatchObject({ code: 'malformed-stream' });
    expect(
      failureOf(() =>
        claudeCodec.decoder().push({ type: 'content_block_delta', index: 3, delta: { type: 'input_json_delta', partial_json: '{' } }),
      ),
    ).toMatchObject({
      code: 'malformed-stream',
    });
  });

  it('reads ConverseStream tool use events and metadata usage', () => {
    const events = decode(messagesDecoder(), [
      { messageStart: { role: 'assistant' } },
      { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: 'tooluse_1', name: 'search' } } } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '{"q":' } } } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '"x"}' } } } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { messageStop: { stopReason: 'tool_use' } },
      { metadata: { usage: { inputTokens: 7, outputTokens: 9, totalTokens: 16 }, metrics: { latencyMs: 1 } } },
    ]);
    expect(events).toEqual([
      { type: 'tool-call', call: { id: 'tooluse_1', name: 'search', arguments: '{"q":"x"}' } },
      { type: 'usage', usage: { inputTokens: 7, outputTokens: 9 } },
      { type: 'finish', reason: 'tool-calls' },
    ]);
  });

  it('reads a whole Converse (or Nova) reply', () => {
    expect(
      messagesWhole({
        output: {
          message: { role: 'assistant', content: [{ text: 'Here.' }, { toolUse: { toolUseId: 't1', name: 'f', input: { a: 1 } } }] },
        },
        stopReason: 'tool_use',
        usage: { inputTokens: 1, outputTokens: 2 },
      }),
    ).toEqual([
      { type: 'text-delta', text: 'Here.' },
      { type: 'tool-call', call: { id: 't1', name: 'f', arguments: '{"a":1}' } },
      { type: 'usage', usage: { inputTokens: 1, outputTokens: 2 } },
      { type: 'finish', reason: 'tool-calls' },
    ]);
    expect(messagesWhole({ output: { message: { content: [{ text: 'Blocked.' }] } }, stopReason: 'guardrail_intervened' }).at(-1)).toEqual({
      type: 'finish',
      reason: 'content-filter',
    });
  });

  it('reads whole Llama and Mistral replies, counted by Bedrock’s metrics when the body has none', () => {
    expect(llamaCodec.whole({ generation: 'Hi.', prompt_token_count: 5, generation_token_count: 2, stop_reason: 'stop' })).toEqual([
      { type: 'text-delta', text: 'Hi.' },
      { type: 'usage', usage: { inputTokens: 5, outputTokens: 2 } },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(
      mistralCodec.whole({
        outputs: [{ text: 'Salut.', stop_reason: 'length' }],
        'amazon-bedrock-invocationMetrics': { inputTokenCount: 3, outputTokenCount: 4 },
      }),
    ).toEqual([
      { type: 'text-delta', text: 'Salut.' },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 4 } },
      { type: 'finish', reason: 'length' },
    ]);
  });
});
