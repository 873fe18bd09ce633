// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { ViewErrorBoundary } from '@/components/app/ViewErrorBoundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
let broken = true;

/** Renders like a view fed a damaged record: reading a field of null. */
function View() {
  const message = (broken ? { content: null } : { content: 'Hello' }) as { content: string | null };
  return <p>{message.content!.toUpperCase()}</p>;
}

beforeEach(async () => {
  broken = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

async function render(onBack: () => void) {
  const i18n = await createI18n('de-DE');
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <header>Kopfzeile</header>
        <ViewErrorBoundary onBack={onBack}>
          <View />
        </ViewErrorBoundary>
      </I18nextProvider>,
    );
  });
}

describe('ViewErrorBoundary', () => {
  it('keeps a failing view from blanking the panel and says so in the user’s language', async () => {
    await render(() => undefined);
    expect(container.querySelector('header')?.textContent).toBe('Kopfzeile');
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('In dieser Ansicht ist etwas schiefgelaufen.');
  });

  it('goes back and shows the view again once it can render', async () => {
    const onBack = vi.fn(() => {
      broken = false;
    });
    await render(onBack);
    const back = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Zurück zum Chat')!;
    await act(async () => back.click());
    expect(onBack).toHaveBeenCalledOnce();
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.textContent).toContain('HELLO');
  });
});
