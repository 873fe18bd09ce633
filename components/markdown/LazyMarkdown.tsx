import { preload, useModule } from '../common/use-module';
import type { MarkdownProps } from './markdown-props';
import './markdown.css';

const loadMarkdownRenderer = () => import('./MarkdownRenderer');
/** The plain stand-in shows at most this much: laying out megabytes of text would freeze the panel it stands in for. */
const PLAIN_CHARS = 8 * 1024;

/**
 * Renders model output as markdown. marked, DOMPurify and the renderer load
 * on first use (highlight.js and KaTeX later still, when code or math
 * appears); until then the text shows as it is.
 */
export function Markdown(props: MarkdownProps) {
  const renderer = useModule(loadMarkdownRenderer);
  if (!renderer) return <div className="md md-plain">{props.text.slice(0, PLAIN_CHARS)}</div>;
  return <renderer.default {...props} />;
}

/** Starts fetching the renderer early (e.g. when the panel is idle) so it is already loaded when the first answer arrives. */
export function preloadMarkdown(): Promise<unknown> {
  return preload(loadMarkdownRenderer);
}
