import type { ContextBlock } from '../core/conversation';

/**
 * Context the user attached (a selection, a page) is untrusted text: it goes
 * into the user's own turn as a clearly delimited quotation, never into the
 * system prompt, so a page cannot speak with the system's authority.
 */
export function quoteContext(blocks: readonly ContextBlock[]): string {
  return blocks
    .map((b) => {
      const source = [b.title, b.url].filter(Boolean).join(' — ');
      const header = `<${b.kind === 'page' ? 'page' : 'selection'}${source ? ` source="${source.replace(/"/g, "'")}"` : ''}>`;
      const close = `</${b.kind === 'page' ? 'page' : 'selection'}>`;
      return `${header}\n${b.text.replaceAll(close, '')}\n${close}`;
    })
    .join('\n\n');
}
