export { Markdown, preloadMarkdown } from './LazyMarkdown';
export type { MarkdownProps } from './markdown-props';
