import postcss, { type AtRule, type Rule } from 'postcss';

/** What sidepanel.html holds before the app mounts: its root, the page, and the early message box. */
const EARLY_PARTS = new Set([
  '*',
  'html',
  'body',
  'textarea',
  ':root',
  '#root',
  '#early-composer',
  '.composer',
  '.composer-input',
  '.early-composer',
]);

/** A state or part of an element (:focus, ::placeholder), not which element: the rule still styles the early box. */
const STATE = /::?(?!root\b)[\w-]+/g;
const ATTRIBUTE = /\[[^\]]*\]/g;
/** Selectors that take other selectors, which this reading does not look into. */
const NESTED = /:(?:not|is|where|has|nth-[\w-]+)\(/;
const COMBINATOR = /\s*[>+~]\s*|\s+/;
const SIMPLE = /\*|[.#]?[\w-]+|:root/g;

/** Whether every element `selector` names is one the page holds before the app mounts. */
function namesEarlyParts(selector: string): boolean {
  if (NESTED.test(selector)) return false;
  const bare = selector.replace(ATTRIBUTE, '').replace(STATE, '').trim();
  return bare
    .split(COMBINATOR)
    .filter(Boolean)
    .every((compound) => {
      const parts = compound.match(SIMPLE) ?? [];
      return parts.join('') === compound && parts.every((part) => EARLY_PARTS.has(part));
    });
}

/**
 * The rules of the app's built stylesheets that style what sidepanel.html shows before the app mounts: the theme's
 * tokens, the page and the early message box, in their media and support conditions. The page carries them inline,
 * so the early box is styled, named and focused without waiting for the app's stylesheets, which load with the app
 * (early-composer.ts); the app mounts once they are in (stylesheets.ts).
 */
export function earlyStyles(css: string): string {
  const root = postcss.parse(css);
  root.walkComments((comment) => void comment.remove());
  root.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as AtRule).name)) return;
    const kept = rule.selectors.filter(namesEarlyParts);
    if (kept.length) rule.selectors = kept;
    else rule.remove();
  });
  // Fonts, animations and conditions left with nothing in them.
  root.walkAtRules((atRule: AtRule) => {
    if (/keyframes$|^font-face$/.test(atRule.name) || atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString().trim();
}
