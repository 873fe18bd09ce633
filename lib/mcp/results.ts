/**
 * A tool result (CallToolResult) as Parley keeps it: text for the model and the step, images shown in the step. Text
 * past the cap is cut with a note, so a huge result neither floods the model's context nor the stored message.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isShownImageType, type ToolImage } from '../core/tool-runtime';

export interface MappedResult {
  text: string;
  images: ToolImage[];
  isError: boolean;
}

export interface ResultLimits {
  maxChars: number;
  /** Base64 characters of all images together. */
  maxImageChars: number;
}

type Block = CallToolResult['content'][number];

function blockText(block: Block, images: ToolImage[], limits: ResultLimits, imageChars: { used: number }): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      // Shown as an <img> in the panel: only an image type, so no other kind of content is ever rendered from it.
      if (!isShownImageType(block.mimeType)) return `[Content of type ${block.mimeType} sent as an image, not shown.]`;
      if (imageChars.used + block.data.length > limits.maxImageChars) {
        return `[An image (${block.mimeType}) was left out: the result is over the size limit.]`;
      }
      imageChars.used += block.data.length;
      images.push({ mimeType: block.mimeType, data: block.data });
      return `[Image ${images.length} (${block.mimeType}), shown to the user.]`;
    case 'audio':
      return `[Audio (${block.mimeType}), not passed on.]`;
    case 'resource': {
      const { resource } = block;
      const head = `Resource ${resource.uri}${resource.mimeType ? ` (${resource.mimeType})` : ''}`;
      return 'text' in resource ? `${head}:\n${resource.text}` : `[${head}: binary content, not passed on.]`;
    }
    case 'resource_link':
      return `Resource link: ${block.name} ${block.uri}${block.description ? ` - ${block.description}` : ''}`;
    default:
      return '';
  }
}

export function mapToolResult(result: CallToolResult, limits: ResultLimits): MappedResult {
  const images: ToolImage[] = [];
  const used = { used: 0 };
  const parts = (result.content ?? []).map((block) => blockText(block, images, limits, used)).filter(Boolean);
  // A tool with an output schema may answer with structured content alone.
  if (!parts.length && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent));
  let text = parts.join('\n\n');
  if (text.length > limits.maxChars) {
    text = `${text.slice(0, limits.maxChars)}\n[The result was cut at ${limits.maxChars} characters.]`;
  }
  return { text, images, isError: result.isError === true };
}
