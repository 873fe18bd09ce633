import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../../lib/i18n/locales/en-US.markdown.json';
import huge from '../../../lib/i18n/locales/en-US.huge.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { markdown: { ...en.markdown, ...huge.markdown } } } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

export interface Mounted {
  container: HTMLDivElement;
  update(node: ReactNode): Promise<void>;
  unmount(): void;
}

export async function mount(node: ReactNode): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | undefined;
  const wrap = (child: ReactNode) => <I18nextProvider i18n={i18n}>{child}</I18nextProvider>;
  await act(async () => {
    root = createRoot(container);
    root.render(wrap(node));
  });
  return {
    container,
    update: (next) =>
      act(async () => {
        root?.render(wrap(next));
      }),
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

/** Lets pending lazy imports and effects settle until `check` holds. */
export async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

export function nextFrame(): Promise<void> {
  return act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}
