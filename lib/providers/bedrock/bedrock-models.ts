/**
 * Which API a Bedrock model is spoken to with. InvokeModel carries each
 * family's native body; it is used for the families whose format is known
 * here. Converse, Bedrock's model-neutral API, serves the rest:
 * - every model of an unknown family (Cohere, AI21, DeepSeek, Llama 4, newer
 *   Mistral models, application inference profiles, …), and
 * - Llama, Mistral and Nova whenever tools are involved, because the prompt
 *   templates have no place for tool definitions and Nova's tool events are
 *   defined for ConverseStream; and Llama and Mistral whenever images are,
 *   for which the prompt templates have no place either.
 * Claude's Messages API has tools of its own, so Claude always uses InvokeModel.
 */
import type { ChatRequest } from '../../core/chat';
import { claudeCodec } from './bedrock-claude';
import { novaCodec } from './bedrock-messages';
import { llamaCodec, mistralCodec } from './bedrock-prompt';
import type { InvokeCodec } from './bedrock-reply';

export type BedrockFamily = 'claude' | 'llama' | 'mistral' | 'nova';

/**
 * The foundation model an id names, without an ARN prefix or a cross-region
 * inference profile's geography ("us.", "eu.", "apac.", "global.", …).
 */
export function baseModelId(modelId: string): string {
  const last = modelId.slice(modelId.lastIndexOf('/') + 1);
  return last.replace(/^(?:[a-z]{2,6}(?:-[a-z]{2,4})?)\.(?=[a-z0-9-]+\.)/, '');
}

const FAMILIES: ReadonlyArray<[RegExp, BedrockFamily]> = [
  [/^anthropic\.claude-/, 'claude'],
  // Llama 3.x shares one chat template; Llama 4's differs.
  [/^meta\.llama3-/, 'llama'],
  // The models documented for Mistral's text-completion (prompt) format.
  [/^mistral\.(?:mistral-7b-instruct|mixtral-8x7b-instruct|mistral-large-2402|mistral-small-2402)-/, 'mistral'],
  [/^amazon\.nova-/, 'nova'],
];

export function modelFamily(modelId: string): BedrockFamily | undefined {
  const id = baseModelId(modelId);
  return FAMILIES.find(([pattern]) => pattern.test(id))?.[1];
}

export const INVOKE_CODECS: Readonly<Record<BedrockFamily, InvokeCodec>> = {
  claude: claudeCodec,
  llama: llamaCodec,
  mistral: mistralCodec,
  nova: novaCodec,
};

export type BedrockRoute = { api: 'invoke'; family: BedrockFamily } | { api: 'converse' };

function usesTools(request: ChatRequest): boolean {
  return Boolean(request.tools?.length) || request.messages.some((m) => m.role === 'tool' || m.toolCalls?.length);
}

/** The prompt-template formats carry text only; images go by Converse. */
function usesImages(request: ChatRequest): boolean {
  return request.messages.some((m) => m.images?.length);
}

export function routeFor(request: ChatRequest): BedrockRoute {
  const family = modelFamily(request.model);
  if (!family || (family !== 'claude' && usesTools(request))) return { api: 'converse' };
  if ((family === 'llama' || family === 'mistral') && usesImages(request)) return { api: 'converse' };
  return { api: 'invoke', family };
}

/** Models known to refuse tool definitions; anything else is offered tools and left to the service to judge. */
const NO_TOOLS = [
  /^anthropic\.claude-(?:v2|instant)/,
  /^meta\.llama(?:2|3-8b|3-70b|3-2-1b|3-2-3b)/,
  /^mistral\.(?:mistral-7b|mixtral-8x7b)/,
];

export function supportsTools(modelId: string): boolean {
  const id = baseModelId(modelId);
  return !NO_TOOLS.some((pattern) => pattern.test(id));
}
