import { atLogEnd } from '../chat/log-end';
import { forgetLastScreen, keepLastScreen, MAX_SCREEN_CHARS } from './last-screen';

/*
 * Taking the copy of the last screen (last-screen.ts) from the rendered log: loaded with the message view that asks
 * for it (use-last-screen.ts), not in the panel's first load, which only reads and forgets the copy.
 */

/**
 * Copies what the log shows at its end, or forgets the copy when the log is scrolled away from its end (what changed
 * there may not be in the copy) or the screen is too long to keep. `log` is the scrolling conversation log.
 */
export function rememberLastScreen(log: HTMLElement, id: string): void {
  const atEnd = atLogEnd(log);
  const html = atEnd ? screenHtml(log) : undefined;
  if (!html || html.length > MAX_SCREEN_CHARS) return forgetLastScreen();
  const box = log.getBoundingClientRect();
  const [top, bottom] = [Math.round(box.top), Math.round(innerHeight - box.bottom)];
  keepLastScreen({ id, html, css: screenCss(log), top, bottom });
}

/**
 * The log's frame and the messages in view, without ids (they would repeat the app's own while both are in the page)
 * and without images held in object URLs, which do not outlive the page.
 */
function screenHtml(log: HTMLElement): string | undefined {
  const top = log.getBoundingClientRect().top;
  const shown = [...log.querySelectorAll('article')].filter((article) => article.getBoundingClientRect().bottom > top);
  const content = log.querySelector('.log-content');
  if (!shown.length || !content) return undefined;
  const frame = log.cloneNode(false) as HTMLElement;
  const list = frame.appendChild(content.cloneNode(false));
  for (const article of shown) list.appendChild(article.cloneNode(true));
  for (const el of frame.querySelectorAll('[id]')) el.removeAttribute('id');
  for (const img of frame.querySelectorAll('img[src^="blob:"]')) img.remove();
  for (const attribute of ['id', 'role', 'aria-label', 'aria-live', 'tabindex']) frame.removeAttribute(attribute);
  // The copy's own frame scrolls it to its end (early-screen.ts), not the log inside.
  frame.style.overflow = 'visible';
  return frame.outerHTML;
}

/**
 * The page's rules that can style the copy: at-rules that name no element (fonts, animations), the root's tokens in
 * every theme, and the style rules that match the log, an element in it or one of its ancestors, grouped as in their
 * stylesheets. A few kilobytes, against the app's tens: they are parsed while the early box is still the only thing
 * on screen.
 */
function screenCss(log: HTMLElement): string {
  const rules: string[] = [];
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) rules.push(styling(rule, log));
  }
  return rules.join('');
}

/** `rule`'s text when it can style the copy of `log`, or nothing. */
function styling(rule: CSSRule, log: HTMLElement): string {
  if (rule instanceof CSSStyleRule) return styles(rule.selectorText, log) ? rule.cssText : '';
  // @media, @supports, @container, @layer with a block: kept with the rules inside that are kept.
  if (rule instanceof CSSGroupingRule) {
    const inner = [...rule.cssRules].map((child) => styling(child, log)).join('');
    return inner && `${rule.cssText.slice(0, rule.cssText.indexOf('{'))}{${inner}}`;
  }
  return rule.cssText;
}

/** A pseudo-element of an element, which is styled when that element is. */
const PSEUDO_ELEMENT = /::?(?:before|after|marker|placeholder|selection|first-line|first-letter|-webkit-[\w-]+)/g;

function styles(selector: string, log: HTMLElement): boolean {
  // The root's rules carry the design tokens, which the theme picks among when the copy is shown.
  if (selector.startsWith(':root')) return true;
  const element = selector.replace(PSEUDO_ELEMENT, '');
  try {
    return !!log.closest(element) || !!log.querySelector(element);
  } catch {
    // A selector this check cannot read is kept: a rule too many costs a few bytes, one too few a wrong picture.
    return true;
  }
}
