/**
 * The one kit component tests mount React through: a node rendered in a chosen locale
 * (the panel's own createI18n), unmounted after each test, plus the pollers and
 * user-like input the tests share. Importing it registers the cleanup hook.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect } from 'vitest';
import { createI18n, wantLateStrings } from '../../../lib/i18n/i18n';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Mounted {
  container: HTMLDivElement;
  i18n: I18n;
  update(node: ReactNode): Promise<void>;
  unmount(): void;
}

const live = new Set<Mounted>();

afterEach(() => {
  for (const view of live) view.unmount();
});

/**
 * Mounts `node` in a fresh container, translated into `locale`. The late strings are in, as they are in the panel once
 * the part of it that a test mounts directly has loaded (components/common/on-demand.tsx).
 */
export async function mount(node: ReactNode, locale = 'en-US'): Promise<Mounted> {
  await wantLateStrings();
  const i18n = await createI18n(locale);
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | undefined;
  const wrap = (child: ReactNode) => <I18nextProvider i18n={i18n}>{child}</I18nextProvider>;
  await act(async () => {
    root = createRoot(container);
    root.render(wrap(node));
  });
  const view: Mounted = {
    container,
    i18n,
    update: (next) =>
      act(async () => {
        root?.render(wrap(next));
      }),
    unmount: () => {
      if (!live.delete(view)) return;
      act(() => root?.unmount());
      container.remove();
    },
  };
  live.add(view);
  return view;
}

/** Lets pending lazy imports, requests and effects settle until `check` holds; fails the test if it never does. */
export async function settle(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() <= deadline) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(check(), 'condition not met in time').toBe(true);
}

export function nextFrame(): Promise<void> {
  return act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

/** Types like a user: React listens for input events, and the native value setter bypasses its tracking. */
export function type(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The first `tag` element whose trimmed text is `text`, within `scope` (the whole page by default). */
export function byText<E extends HTMLElement = HTMLElement>(tag: string, text: string, scope: ParentNode = document.body): E | undefined {
  return [...scope.querySelectorAll<E>(tag)].find((el) => el.textContent?.trim() === text);
}
