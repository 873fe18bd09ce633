/**
 * What each provider's API accepts as an image inside a request, checked the
 * way the service would: a malformed part is refused with a 400 (by the mock
 * that calls these), and `imagesIn` lists what a request carried, for tests
 * to compare with what was attached.
 */

export type ImageWire = 'openai' | 'anthropic' | 'gemini' | 'ollama' | 'bedrock-converse' | 'bedrock-nova';

export interface ReceivedImage {
  mimeType: string;
  /** base64 of the image bytes. */
  data: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const BEDROCK_FORMATS: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
const DATA_URL = /^data:(image\/[a-z]+);base64,(.*)$/s;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBase64 = (v: unknown): v is string => typeof v === 'string' && v.length % 4 === 0 && BASE64.test(v);

class Found {
  readonly images: ReceivedImage[] = [];
  problem?: string;
  image(mimeType: unknown, data: unknown, where: string): void {
    if (typeof mimeType !== 'string' || !MIMES.includes(mimeType)) this.problem ??= `${where}: unsupported image type ${String(mimeType)}`;
    else if (!isBase64(data)) this.problem ??= `${where}: image data is not base64`;
    else this.images.push({ mimeType, data });
  }
}

function messagesOf(body: unknown): Json[] {
  const messages = isObject(body) ? body.messages : undefined;
  return Array.isArray(messages) ? messages.filter(isObject) : [];
}

function openAI(body: unknown, found: Found): void {
  for (const [i, m] of messagesOf(body).entries()) {
    if (!Array.isArray(m.content)) continue;
    for (const [j, part] of (m.content as unknown[]).entries()) {
      const where = `messages[${i}].content[${j}]`;
      if (!isObject(part)) found.problem ??= `${where}: not an object`;
      else if (part.type === 'text') {
        if (typeof part.text !== 'string') found.problem ??= `${where}.text: not a string`;
      } else if (part.type === 'image_url') {
        const url = isObject(part.image_url) ? part.image_url.url : undefined;
        const match = typeof url === 'string' ? DATA_URL.exec(url) : null;
        if (!match) found.problem ??= `${where}.image_url.url: not a base64 data URL`;
        else found.image(match[1], match[2], where);
      } else found.problem ??= `${where}: unknown content part type ${String(part.type)}`;
    }
  }
}

function anthropic(body: unknown, found: Found): void {
  for (const [i, m] of messagesOf(body).entries()) {
    if (!Array.isArray(m.content)) continue;
    for (const [j, block] of (m.content as unknown[]).entries()) {
      if (!isObject(block) || block.type !== 'image') continue;
      const source = isObject(block.source) ? block.source : {};
      const where = `messages[${i}].content[${j}].source`;
      if (source.type !== 'base64') found.problem ??= `${where}.type: expected base64`;
      else found.image(source.media_type, source.data, where);
    }
  }
}

function gemini(body: unknown, found: Found): void {
  const contents = isObject(body) && Array.isArray(body.contents) ? body.contents.filter(isObject) : [];
  for (const [i, c] of contents.entries()) {
    for (const [j, part] of (Array.isArray(c.parts) ? (c.parts as unknown[]) : []).entries()) {
      if (!isObject(part) || part.inlineData === undefined) continue;
      const inline = isObject(part.inlineData) ? part.inlineData : {};
      found.image(inline.mimeType, inline.data, `contents[${i}].parts[${j}].inlineData`);
    }
  }
}

/** Ollama takes bare base64 and finds the format in the bytes. */
function ollama(body: unknown, found: Found): void {
  for (const [i, m] of messagesOf(body).entries()) {
    if (m.images === undefined) continue;
    if (!Array.isArray(m.images)) {
      found.problem ??= `messages[${i}].images: not a list`;
      continue;
    }
    for (const [j, data] of (m.images as unknown[]).entries()) {
      const where = `messages[${i}].images[${j}]`;
      if (typeof data === 'string' && data.startsWith('data:')) found.problem ??= `${where}: illegal base64 data (a data URL)`;
      else found.image(sniff(data), data, where);
    }
  }
}

/** Converse (bytes serialised by the SDK as base64) and Nova's InvokeModel body (base64 text) share the block. */
function bedrock(body: unknown, found: Found): void {
  for (const [i, m] of messagesOf(body).entries()) {
    for (const [j, block] of (Array.isArray(m.content) ? (m.content as unknown[]) : []).entries()) {
      if (!isObject(block) || block.image === undefined) continue;
      const image = isObject(block.image) ? block.image : {};
      const where = `messages[${i}].content[${j}].image`;
      const source = isObject(image.source) ? image.source : {};
      found.image(BEDROCK_FORMATS[String(image.format)], source.bytes, where);
    }
  }
}

/** The type a base64 image's first bytes show. */
function sniff(data: unknown): string | undefined {
  if (typeof data !== 'string') return undefined;
  if (data.startsWith('iVBOR')) return 'image/png';
  if (data.startsWith('/9j/')) return 'image/jpeg';
  if (data.startsWith('UklGR')) return 'image/webp';
  if (data.startsWith('R0lGOD')) return 'image/gif';
  return undefined;
}

const READERS: Record<ImageWire, (body: unknown, found: Found) => void> = {
  openai: openAI,
  anthropic,
  gemini,
  ollama,
  'bedrock-converse': bedrock,
  'bedrock-nova': bedrock,
};

function read(wire: ImageWire, body: unknown): Found {
  const found = new Found();
  READERS[wire](body, found);
  return found;
}

/** Why the service would refuse the request's images; undefined when they are well formed (or there are none). */
export function imageProblem(wire: ImageWire, body: unknown): string | undefined {
  return read(wire, body).problem;
}

/** The images a request carried, in order. */
export function imagesIn(wire: ImageWire, body: unknown): ReceivedImage[] {
  return read(wire, body).images;
}
