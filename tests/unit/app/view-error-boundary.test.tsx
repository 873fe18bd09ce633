// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ViewErrorBoundary } from '../../../components/app/ViewErrorBoundary';
import { byText, mount } from '../support/dom';

let container: HTMLElement;
let broken = true;

/** Renders like a view fed a damaged record: reading a field of null. */
function View() {
  const message = (broken ? { content: null } : { content: 'Hello' }) as { content: string | null };
  return <p>{message.content!.toUpperCase()}</p>;
}

beforeEach(() => {
  broken = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

async function render(onBack: () => void) {
  ({ container } = await mount(
    <>
      <header>Kopfzeile</header>
      <ViewErrorBoundary onBack={onBack}>
        <View />
      </ViewErrorBoundary>
    </>,
    'de-DE',
  ));
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
    const back = byText('button', 'Zurück zum Chat', container)!;
    await act(async () => back.click());
    expect(onBack).toHaveBeenCalledOnce();
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.textContent).toContain('HELLO');
  });
});
