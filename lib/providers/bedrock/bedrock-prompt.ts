/**
 * The model families whose InvokeModel body is a single prompt string in the
 * model's own chat template: Meta Llama 3 (generation / stop_reason chunks)
 * and Mistral's instruct models (outputs[].text / stop_reason chunks).
 * Neither template has a place for tool definitions, so requests with tools
 * go through Converse instead (see bedrock-models).
 */
import type { ChatMessage, ChatRequest, FinishReason } from '../../core/chat';
import { wholeReply, ReplyState, record, text, type InvokeCodec, type JsonObject, type ReplyDecoder } from './bedrock-reply';

/** Llama 3's max_gen_len ceiling on Bedrock, used as the default so answers are not cut at 512 tokens. */
const LLAMA_MAX_GEN_LEN = 2048;
/** Fits every Mistral instruct model (Mixtral's ceiling is 4096); Bedrock's default of 512 cuts answers short. */
const MISTRAL_MAX_TOKENS = 4096;

function promptStop(reason: unknown): FinishReason | undefined {
  if (reason === null || reason === undefined) return undefined;
  if (reason === 'stop') return 'stop';
  if (reason === 'length') return 'length';
  return 'other';
}

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

function llamaBody(request: ChatRequest): JsonObject {
  const p = request.params ?? {};
  return {
    prompt: llama3Prompt(request.messages),
    max_gen_len: p.maxTokens ?? LLAMA_MAX_GEN_LEN,
    temperature: p.temperature,
    top_p: p.topP,
  };
}

/** Each chunk: generation, cumulative generation_token_count, prompt_token_count once, stop_reason at the end. */
function llamaDecoder(): ReplyDecoder {
  const state = new ReplyState();
  return {
    push(payload) {
      const chunk = record(payload);
      state.noteMetrics(chunk);
      state.noteUsage(chunk.prompt_token_count, chunk.generation_token_count);
      state.stop = promptStop(chunk.stop_reason) ?? state.stop;
      const piece = text(chunk.generation);
      return piece ? [piece] : [];
    },
    end: () => state.end(),
  };
}

function mistralBody(request: ChatRequest): JsonObject {
  const p = request.params ?? {};
  return {
    prompt: mistralPrompt(request.messages),
    max_tokens: p.maxTokens ?? MISTRAL_MAX_TOKENS,
    temperature: p.temperature,
    top_p: p.topP,
    stop: p.stop?.length ? p.stop : undefined,
  };
}

/** Each chunk: outputs[0].text and outputs[0].stop_reason; token counts only in Bedrock's metrics. */
function mistralDecoder(): ReplyDecoder {
  const state = new ReplyState();
  return {
    push(payload) {
      const chunk = record(payload);
      state.noteMetrics(chunk);
      const outputs = Array.isArray(chunk.outputs) ? (chunk.outputs as unknown[]) : [];
      const first = outputs.length ? record(outputs[0], 'A Mistral output') : undefined;
      state.stop = promptStop(first?.stop_reason) ?? state.stop;
      const piece = text(first?.text);
      return piece ? [piece] : [];
    },
    end: () => state.end(),
  };
}

// A whole reply has the same shape as one chunk.
export const llamaCodec: InvokeCodec = { body: llamaBody, decoder: llamaDecoder, whole: (body) => wholeReply(llamaDecoder(), body) };
export const mistralCodec: InvokeCodec = {
  body: mistralBody,
  decoder: mistralDecoder,
  whole: (body) => wholeReply(mistralDecoder(), body),
};
