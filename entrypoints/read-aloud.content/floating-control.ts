import type { BackgroundToPage, ReaderCommand } from '../../lib/messaging/reader-protocol';
import { READING_RATES } from '../../lib/reader/rate';
import type { ControlLabels } from '../../lib/reader/control-labels';
import { rateTexts } from '../../lib/reader/control-numbers';

/** The element the control lives under; the page can neither style its inside nor be styled by it. */
export const CONTROL_TAG = 'parley-reader-control';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** 24×24 outline paths, drawn with currentColor so they follow the theme. */
const ICONS = {
  previous: 'M6 5v14M19 5 9 12l10 7z',
  next: 'M18 5v14M5 5l10 7-10 7z',
  pause: 'M8 5v14M16 5v14',
  play: 'M7 4.5v15L19.5 12z',
  stop: 'M6 6h12v12H6z',
};

const STYLES = `
:host { all: initial; }
.bar {
  display: flex; align-items: center; gap: 2px; padding: 4px 6px;
  font: 13px/1.2 system-ui, sans-serif; color: #1d1d1f; background: #fffffff0;
  border: 1px solid #0002; border-radius: 999px; box-shadow: 0 4px 16px #0003;
}
button, select {
  font: inherit; color: inherit; background: transparent; border: 0; border-radius: 999px;
  min-width: 32px; height: 32px; padding: 0 6px; cursor: pointer;
  display: inline-flex; align-items: center; justify-content: center;
}
button:hover, select:hover { background: #0001; }
button:focus-visible, select:focus-visible { outline: 2px solid #1a73e8; outline-offset: 1px; }
svg { width: 18px; height: 18px; fill: none; stroke: currentColor; stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; }
.progress { padding: 0 6px; font-variant-numeric: tabular-nums; opacity: .75; }
@media (prefers-color-scheme: dark) {
  .bar { color: #f1f1f1; background: #2a2a2ef0; border-color: #fff3; }
  button:hover, select:hover { background: #fff2; }
  option { color: #f1f1f1; background: #2a2a2e; }
}
`;

type Shown = Omit<Extract<BackgroundToPage, { type: 'show' }>, 'type'>;

export interface FloatingControl {
  update(state: Shown): void;
  remove(): void;
}

type LabelKey = keyof ControlLabels['text'];

/** The browser's own words (public/_locales), where the background sent none. */
function browserLabels(): ControlLabels {
  const word = (key: string) => chrome.i18n.getMessage(key);
  const lang = chrome.i18n.getUILanguage();
  return {
    lang,
    dir: word('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr',
    text: {
      controls: word('readerControls'),
      pause: word('readerPause'),
      resume: word('readerResume'),
      stop: word('readerStop'),
      previous: word('readerPrevious'),
      next: word('readerNext'),
      speed: word('readerSpeed'),
    },
    // Formatted here only on this rare path: the background's labels bring them written.
    rates: rateTexts(lang),
  };
}

function icon(path: string): SVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const shape = document.createElementNS(SVG_NS, 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

function button(label: string, path: string, onClick: () => void): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.setAttribute('aria-label', label);
  el.title = label;
  el.append(icon(path));
  el.addEventListener('click', onClick);
  return el;
}

/**
 * A small bar fixed to the corner of the page: previous, pause/resume, next,
 * stop and speed. It sits in a shadow root under one custom element whose
 * own box is pinned with !important inline styles, the only thing page CSS
 * could otherwise reach. Labels come from the background in Parley's
 * interface language (the page has no i18next), else from the browser's.
 */
export function mountFloatingControl(send: (command: ReaderCommand) => void, labels = browserLabels()): FloatingControl {
  // The control speaks Parley's language, not the page's, and mirrors with it.
  const rtl = labels.dir === 'rtl';
  const label = (key: LabelKey) => labels.text[key];
  const host = document.createElement(CONTROL_TAG);
  host.setAttribute(
    'style',
    `all: initial !important; position: fixed !important; z-index: 2147483647 !important; inset: ${rtl ? 'auto auto 16px 16px' : 'auto 16px 16px auto'} !important; display: block !important;`,
  );
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  root.adoptedStyleSheets = [sheet];

  let status: Shown['status'] = 'playing';
  const bar = document.createElement('div');
  bar.className = 'bar';
  bar.dir = rtl ? 'rtl' : 'ltr';
  bar.lang = labels.lang;
  bar.setAttribute('role', 'group');
  bar.setAttribute('aria-label', label('controls'));

  const previous = button(label('previous'), ICONS.previous, () => send({ action: 'previous' }));
  const playPause = button(label('pause'), ICONS.pause, () => send({ action: status === 'paused' ? 'resume' : 'pause' }));
  const next = button(label('next'), ICONS.next, () => send({ action: 'next' }));
  const stop = button(label('stop'), ICONS.stop, () => send({ action: 'stop' }));

  const speed = document.createElement('select');
  speed.setAttribute('aria-label', label('speed'));
  speed.title = label('speed');
  READING_RATES.forEach((rate, i) => speed.append(new Option(labels.rates[i], String(rate))));
  speed.addEventListener('change', () => send({ action: 'rate', rate: Number(speed.value) }));

  const progress = document.createElement('span');
  progress.className = 'progress';

  bar.append(previous, playPause, next, stop, speed, progress);
  root.append(bar);
  document.documentElement.append(host);

  return {
    update(state) {
      if (state.status !== status) {
        status = state.status;
        const key = status === 'paused' ? 'resume' : 'pause';
        playPause.setAttribute('aria-label', label(key));
        playPause.title = label(key);
        playPause.replaceChildren(icon(status === 'paused' ? ICONS.play : ICONS.pause));
      }
      speed.value = String(state.rate);
      previous.disabled = state.index === 0;
      next.disabled = state.index + 1 >= state.total;
      progress.textContent = state.progress;
    },
    remove() {
      host.remove();
    },
  };
}
