/**
 * Which models take images, and how large an image each provider accepts: one
 * table, read by the panel (to downscale before sending, and to refuse before
 * anything is stored) and by the background (to refuse a turn a model cannot
 * see). A model of a service that judges for itself is offered images unless
 * it is known to take text only.
 */
import type { ImageMime } from './images';
import type { ModelInfo, ProviderKind } from './providers';

export interface ImageLimit {
  /** Longest side, in pixels, an image is scaled down to. */
  maxEdge: number;
  /** Largest encoded image the service takes. */
  maxBytes: number;
  /** Encodings the service decodes; anything else is re-encoded as PNG. */
  formats: readonly ImageMime[];
  /** Whether `model` takes images. */
  accepts(model: string): boolean;
}

const MB = 1024 * 1024;
const ALL: readonly ImageMime[] = ['image/png', 'image/jpeg', 'image/webp'];

/** Text-only models found behind OpenAI's wire (OpenAI's older models, and families served by many hosts). */
const TEXT_ONLY_OPENAI_WIRE = [
  /^gpt-3\.5/,
  /^gpt-4(?:-\d{4})?(?:-32k)?$/,
  /^o1-(?:mini|preview)/,
  /^o3-mini/,
  /(?:audio|realtime|transcribe|tts|whisper|embedding|moderation|dall-e)/,
  /deepseek-(?:chat|reasoner|coder|r1|v[23])/,
];

const openAIWire: ImageLimit = {
  maxEdge: 2048,
  maxBytes: 20 * MB,
  formats: ALL,
  accepts: (model) => !TEXT_ONLY_OPENAI_WIRE.some((p) => p.test(model.toLowerCase())),
};

/** Vision families Ollama publishes; others answer text only. */
const OLLAMA_VISION =
  /(?:llava|bakllava|-vision|llama4|gemma3|qwen2\.5vl|qwen[23]?-?vl|minicpm-v|moondream|mistral-small3\.[12]|granite3\.2-vision)/;

/** Bedrock foundation models that take image blocks (Converse and InvokeModel alike). */
const BEDROCK_VISION = [
  /(?:^|\.)anthropic\.claude-(?!v2|instant)/,
  /(?:^|\.)amazon\.nova-(?:lite|pro|premier)/,
  /(?:^|\.)meta\.llama3-2-(?:11b|90b)/,
  /(?:^|\.)meta\.llama4/,
  /(?:^|\.)mistral\.pixtral/,
];

const BY_KIND: Partial<Record<ProviderKind, ImageLimit>> = {
  anthropic: { maxEdge: 1568, maxBytes: 5 * MB, formats: ALL, accepts: (model) => !/^claude-(?:2|instant)/.test(model) },
  gemini: {
    maxEdge: 3072,
    // Inline data shares the 20 MB request limit with the rest of the conversation.
    maxBytes: 7 * MB,
    formats: ALL,
    accepts: (model) => !/(?:embedding|aqa|imagen|veo|gemma-[12]-)/.test(model),
  },
  bedrock: { maxEdge: 1568, maxBytes: 3.75 * MB, formats: ALL, accepts: (model) => BEDROCK_VISION.some((p) => p.test(model)) },
  // Ollama's image decoder reads PNG and JPEG.
  ollama: { maxEdge: 1344, maxBytes: 10 * MB, formats: ['image/png', 'image/jpeg'], accepts: (model) => OLLAMA_VISION.test(model) },
  'azure-inference': openAIWire,
  // Whether the browser's model takes images depends on the browser and the device: its listing says so
  // (ModelInfo.images), and the adapter asks the browser again before it sends one. Chrome scales images itself.
  builtin: { maxEdge: 1024, maxBytes: 10 * MB, formats: ALL, accepts: () => true },
};

export function imageLimit(kind: ProviderKind): ImageLimit {
  return BY_KIND[kind] ?? openAIWire;
}

/** Whether `model` takes images: the provider's own word when its listing gives one, else the table's. */
export function acceptsImages(kind: ProviderKind, model: string, info?: ModelInfo): boolean {
  return info?.images ?? imageLimit(kind).accepts(model);
}

/** The size an image is drawn at to fit `maxEdge`, aspect kept; its own size when it fits. */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The size an image goes to a provider of `kind` at, when that is smaller than its own; undefined when it goes as it is. */
export function scaledFor(kind: ProviderKind, width: number, height: number): { width: number; height: number } | undefined {
  const { maxEdge } = imageLimit(kind);
  return Math.max(width, height) > maxEdge ? fitWithin(width, height, maxEdge) : undefined;
}
