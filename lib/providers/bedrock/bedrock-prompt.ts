/**
 * The model families whose InvokeModel body is a single prompt string in the
 * model's own chat template: Meta Llama 3 (generation / stop_reason chunks)
 * and Mistral's instruct models (outputs[].text / stop_reason chunks).
 * Neither template has a place for tool definitions, so requests with tools
 * go through Converse instead (see bedrock-models).
 */
import type { ChatMessage, ChatRequest } from '../../core/chat';
import { commonFinish, record, type JsonObject } from '../wire-common';
import { replyDecoder, wholeReply, type InvokeCodec } from './bedrock-reply';

/** Llama 3's max_gen_len ceiling on Bedrock, used as the default so answers are not cut at 512 tokens. */
const LLAMA_MAX_GEN_LEN = 2048;
/** Fits every Mistral instruct model (Mixtral's ceiling is 4096); Bedrock's default of 512 cuts answers short. */
const MISTRAL_MAX_TOKENS = 4096;

/** Quoted page text must not be able to close a turn and speak as the system. */
const LLAMA_SPECIAL = /<\|(?:begin_of_text|end_of_text|start_header_id|end_header_id|eot_id|eom_id|python_tag)\|>/g;
const MISTRAL_SPECIAL = /\[\/?INST\]|<\/?s>/g;

/** Llama 3.1 names the role of tool output "ipython". */
const llamaRole = (m: ChatMessage) => (m.role === 'tool' ? 'ipython' : m.role);

function llama3Prompt(messages: readonly ChatMessage[]): string {
  const turns = messages
    .filter((m) => m.content || m.role !== 'assistant')
    .map((m) => `<|start_header_id|>${llamaRole(m)}<|end_header_id|>\n\n${m.content.replace(LLAMA_SPECIAL, '').trim()}<|eot_id|>`);
  return `<|begin_of_text|>${turns.join('')}<|start_header_id|>assistant<|end_header_id|>\n\n`;
}

/**
 * Mistral's instruct template has no system role: the system prompt opens the
 * first instruction, and consecutive user turns share one instruction.
 */
function mistralPrompt(messages: readonly ChatMessage[]): string {
  const clean = (s: string) => s.replace(MISTRAL_SPECIAL, '').trim();
  let prompt = '<s>';
  let pending: string[] = [];
  for (const m of messages) {
    if (m.role !== 'assistant') {
      if (m.content.trim()) pending.push(clean(m.content));
      continue;
    }
    prompt += `[INST] ${pending.join('\n\n')} [/INST] ${clean(m.content)}</s>`;
    pending = [];
  }
  return `${prompt}[INST] ${pending.join('\n\n')} [/INST]`;
}

/** A template family's body: the prompt, the output limit under the family's own name, and sampling. */
function promptBody(request: ChatRequest, prompt: string, [limitKey, defaultLimit]: [string, number]): JsonObject {
  const p = request.params ?? {};
  return { prompt, [limitKey]: p.maxTokens ?? defaultLimit, temperature: p.temperature, top_p: p.topP };
}

const llamaBody = (request: ChatRequest) => promptBody(request, llama3Prompt(request.messages), ['max_gen_len', LLAMA_MAX_GEN_LEN]);

/** Each chunk: generation, cumulative generation_token_count, prompt_token_count once, stop_reason at the end. */
const llamaDecoder = () =>
  replyDecoder((chunk, state) => {
    state.noteUsage(chunk.prompt_token_count, chunk.generation_token_count);
    state.stop = commonFinish(chunk.stop_reason) ?? state.stop;
    return chunk.generation;
  });

function mistralBody(request: ChatRequest): JsonObject {
  const stop = request.params?.stop;
  return {
    ...promptBody(request, mistralPrompt(request.messages), ['max_tokens', MISTRAL_MAX_TOKENS]),
    stop: stop?.length ? stop : undefined,
  };
}

/** Each chunk: outputs[0].text and outputs[0].stop_reason; token counts only in Bedrock's metrics. */
const mistralDecoder = () =>
  replyDecoder((chunk, state) => {
    const outputs = Array.isArray(chunk.outputs) ? (chunk.outputs as unknown[]) : [];
    const first = outputs.length ? record(outputs[0], 'A Mistral output') : undefined;
    state.stop = commonFinish(first?.stop_reason) ?? state.stop;
    return first?.text;
  });

// A whole reply has the same shape as one chunk.
export const llamaCodec: InvokeCodec = { body: llamaBody, decoder: llamaDecoder, whole: (body) => wholeReply(llamaDecoder(), body) };
export const mistralCodec: InvokeCodec = {
  body: mistralBody,
  decoder: mistralDecoder,
  whole: (body) => wholeReply(mistralDecoder(), body),
};
