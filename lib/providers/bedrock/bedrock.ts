/**
 * Amazon Bedrock through the official Bedrock Runtime SDK, SigV4-signed with
 * the provider's keys. Chat streams with InvokeModelWithResponseStream in each
 * known family's native format, or ConverseStream (see bedrock-models for
 * which); a model the service refuses to stream is asked once more with the
 * non-streaming InvokeModel or Converse, before any of its answer arrived.
 *
 * Retries (bedrock-retry) happen only before a reply starts: an error event
 * inside a stream ends the answer there, keeping the text already received,
 * so a half-delivered answer is never replayed behind the user's back.
 */
import {
  ConverseCommand,
  ConverseStreamCommand,
  InvokeModelCommand,
  InvokeModelWithResponseStreamCommand,
  type BedrockRuntimeClient,
  type InvokeModelWithResponseStreamCommandInput,
} from '@aws-sdk/client-bedrock-runtime';
import type { ChatEvent, ChatRequest } from '../../core/chat';
import { fail } from '../../core/errors';
import { listBedrockModels } from './bedrock-catalog';
import { createBedrockClient } from './bedrock-client';
import { readBedrockConfig, type BedrockConfig } from './bedrock-config';
import { bedrockChatError } from './bedrock-errors';
import { converseInput, messagesDecoder, messagesWhole } from './bedrock-messages';
import { INVOKE_CODECS, routeFor, supportsTools, type BedrockFamily } from './bedrock-models';
import { parseJsonBytes, type InvokeCodec, type ReplyDecoder } from './bedrock-reply';
import { defineAdapter, OPENAI_TOOL_LIMIT } from '../define-adapter';
import type { ProviderContext } from '../types';

const JSON_TYPE = 'application/json';

/** The raw body and the optional headers of InvokeModel and InvokeModelWithResponseStream. */
function invokeInput(request: ChatRequest, codec: InvokeCodec, config: BedrockConfig): InvokeModelWithResponseStreamCommandInput {
  return {
    modelId: request.model,
    body: new TextEncoder().encode(JSON.stringify(codec.body(request))),
    contentType: JSON_TYPE,
    accept: JSON_TYPE,
    ...(config.trace ? { trace: 'ENABLED' } : {}),
    ...(config.guardrail ? { guardrailIdentifier: config.guardrail.identifier, guardrailVersion: config.guardrail.version } : {}),
    ...(config.latencyOptimized ? { performanceConfigLatency: 'optimized' } : {}),
  };
}

/** "The model is unsupported for streaming.": the one refusal a non-streaming call answers. */
function refusesStreaming(e: unknown): boolean {
  const failure = e as { name?: unknown; message?: unknown };
  return (
    failure.name === 'ValidationException' &&
    typeof failure.message === 'string' &&
    /unsupported for streaming|not support (?:response )?streaming/i.test(failure.message)
  );
}

/** How one API is asked: streamed, or whole when the model refuses to stream; `payload` is what an event gives the decoder. */
interface ReplyCall<Event> {
  stream(): Promise<AsyncIterable<Event> | undefined>;
  whole(): Promise<ChatEvent[]>;
  decoder: ReplyDecoder;
  payload(event: Event): unknown;
}

async function* reply<Event>(call: ReplyCall<Event>): AsyncGenerator<ChatEvent> {
  let stream;
  try {
    stream = await call.stream();
  } catch (e) {
    if (!refusesStreaming(e)) throw e;
    yield* await call.whole();
    return;
  }
  if (!stream) fail('malformed-stream', 'Bedrock answered without an event stream.');
  // Error events come out of the iterator as thrown exceptions.
  for await (const event of stream) {
    const payload = call.payload(event);
    if (payload !== undefined) for (const text of call.decoder.push(payload)) yield { type: 'text-delta', text };
  }
  yield* call.decoder.end();
}

function invokeReply(
  client: BedrockRuntimeClient,
  ctx: ProviderContext,
  family: BedrockFamily,
  request: ChatRequest,
  config: BedrockConfig,
) {
  const codec = INVOKE_CODECS[family];
  const input = invokeInput(request, codec, config);
  const options = { abortSignal: ctx.signal };
  return reply({
    stream: async () => (await client.send(new InvokeModelWithResponseStreamCommand(input), options)).body,
    whole: async () => codec.whole(parseJsonBytes((await client.send(new InvokeModelCommand(input), options)).body)),
    decoder: codec.decoder(),
    payload: (event) => (event.chunk?.bytes ? parseJsonBytes(event.chunk.bytes) : undefined),
  });
}

function converseReply(client: BedrockRuntimeClient, ctx: ProviderContext, request: ChatRequest, config: BedrockConfig) {
  const input = converseInput(request, config);
  const options = { abortSignal: ctx.signal };
  return reply({
    stream: async () => (await client.send(new ConverseStreamCommand(input), options)).stream,
    whole: async () => messagesWhole(await client.send(new ConverseCommand(input), options)),
    decoder: messagesDecoder(),
    payload: (event) => event,
  });
}

export const bedrockAdapter = defineAdapter({
  kind: 'bedrock',
  // The Converse API's toolConfig documents no cap on the number of tools: OpenAI's is used.
  maxTools: OPENAI_TOOL_LIMIT,
  async *stream(ctx, request) {
    const config = readBedrockConfig(ctx.settings, ctx.secrets);
    const client = createBedrockClient(ctx, config);
    const route = routeFor(request);
    yield* route.api === 'invoke' ? invokeReply(client, ctx, route.family, request, config) : converseReply(client, ctx, request, config);
  },
  models: (ctx) => listBedrockModels(ctx, readBedrockConfig(ctx.settings, ctx.secrets)),
  error: bedrockChatError,
  supportsTools,
  validateConfig(settings, secrets) {
    readBedrockConfig(settings, secrets);
  },
});
