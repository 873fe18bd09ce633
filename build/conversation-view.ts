import type { Rollup } from 'vite';

/**
 * The modules the panel loads on demand to show a conversation's messages (preloadMessageView in
 * components/startup/message-view-loaders.ts), by their source path.
 */
export const CONVERSATION_VIEW_MODULES = ['components/chat/MessageItem.tsx', 'components/markdown/MarkdownRenderer.tsx'];

/**
 * The files, as the page addresses them, that showing a conversation needs beyond what the page already loads
 * (`pageFiles`): the view modules' chunks, the chunks they import, and the stylesheets Vite made of their CSS. The
 * early box fetches them alongside the app when the panel reopens a conversation, where the app would ask for them
 * only once it had run. A view module in no such chunk fails the build rather than be silently left out.
 */
export function conversationViewFiles(bundle: Rollup.OutputBundle, pageFiles: ReadonlySet<string>): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const href = `/${fileName}`;
    if (seen.has(fileName) || pageFiles.has(href)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    // The stylesheet goes first, as Vite's own loader links a chunk's CSS before importing it.
    for (const css of chunk.viteMetadata?.importedCss ?? [])
      if (!pageFiles.has(`/${css}`) && !files.includes(`/${css}`)) files.push(`/${css}`);
    files.push(href);
    chunk.imports.forEach(visit);
  };
  for (const module of CONVERSATION_VIEW_MODULES) {
    const found = Object.entries(bundle).find(
      ([, file]) =>
        file.type === 'chunk' && file.isDynamicEntry && file.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/${module}`)),
    );
    if (!found) throw new Error(`${module} is no longer in a chunk the app loads on demand: update CONVERSATION_VIEW_MODULES`);
    visit(found[0]);
  }
  return files;
}
