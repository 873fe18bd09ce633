/**
 * Elements whose text no reader sees: scripts and styles, embedded content,
 * and form controls. Both the page text sent to a model (lib/page) and the
 * text read aloud (lib/reader) leave them out, each adding its own few.
 */
export const UNSEEN_TAGS: readonly string[] = [
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'HEAD',
  'TITLE',
  'SVG',
  'CANVAS',
  'VIDEO',
  'AUDIO',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEXTAREA',
  'INPUT',
  'SELECT',
  'BUTTON',
];
