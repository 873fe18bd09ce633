// @vitest-environment jsdom
import { act, useId, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../../components/ui/confirm';
import { DialogHost } from '../../../components/ui/DialogHost';
import { CheckField, Field, FieldError } from '../../../components/ui/Field';
import { Switch } from '../../../components/ui/Switch';
import { TabPanel, Tabs } from '../../../components/ui/Tabs';
import { showUndoToast, toasts } from '../../../components/ui/toast';
import { Toaster } from '../../../components/ui/Toaster';
import { byText, mount } from '../support/dom';

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods; these keep the open attribute as browsers do.
  HTMLDialogElement.prototype.showModal = function () {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function () {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  vi.useRealTimers();
  act(() => toasts.set([]));
});

const press = (el: Element, key: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
const click = (el: Element | undefined) => act(() => void (el as HTMLElement).click());

describe('toasts', () => {
  it('offers Undo for a few seconds, then finishes the removal only if nobody pressed it', async () => {
    vi.useFakeTimers();
    const { container } = await mount(<Toaster />, 'de-DE');
    const undone = vi.fn();
    const expired = vi.fn();
    await act(async () => showUndoToast({ message: 'Gelöscht', onUndo: undone, onExpire: expired }));
    expect(container.querySelector('[role="status"]')?.textContent).toContain('Gelöscht');
    await click(byText('button', 'Rückgängig', container));
    expect(undone).toHaveBeenCalledOnce();
    expect(container.textContent).not.toContain('Gelöscht');
    await act(async () => vi.advanceTimersByTime(7000));
    expect(expired).not.toHaveBeenCalled();

    await act(async () => showUndoToast({ message: 'Wieder gelöscht', onUndo: undone, onExpire: expired }));
    await act(async () => vi.advanceTimersByTime(7000));
    expect(expired).toHaveBeenCalledOnce();
    expect(container.textContent).not.toContain('Wieder gelöscht');
  });
});

describe('confirmDialog', () => {
  it('resolves with the choice made in the in-page dialog, cancel being no', async () => {
    const { container } = await mount(<DialogHost />, 'fr-FR');
    let answer: Promise<boolean> | undefined;
    await act(async () => void (answer = confirmDialog({ title: 'Tout effacer ?', confirmLabel: 'Effacer', danger: true })));
    expect(container.querySelector('dialog[open]')?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(container.querySelector('h2')?.textContent).toBe('Tout effacer ?');
    await click(byText('button', 'Effacer', container));
    expect(await answer).toBe(true);
    expect(container.querySelector('dialog[open]')).toBeNull();

    await act(async () => void (answer = confirmDialog({ title: 'Encore ?', confirmLabel: 'Effacer' })));
    await click(byText('button', 'Annuler', container));
    expect(await answer).toBe(false);
  });
});

describe('tabs', () => {
  function Sections() {
    const id = useId();
    const [value, setValue] = useState('a');
    return (
      <>
        <Tabs
          label="Sections"
          idPrefix={id}
          value={value}
          onChange={setValue}
          tabs={['a', 'b', 'c'].map((t) => ({ id: t, label: t.toUpperCase() }))}
        />
        <TabPanel idPrefix={id} id={value}>
          panel {value}
        </TabPanel>
      </>
    );
  }

  it('keeps one Tab stop and moves the selection with the arrow keys, Home and End', async () => {
    const { container } = await mount(<Sections />);
    const tabs = () => [...container.querySelectorAll('[role="tab"]')];
    expect(tabs().map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    await press(tabs()[0]!, 'ArrowRight');
    expect(tabs()[1]!.getAttribute('aria-selected')).toBe('true');
    expect(container.querySelector('[role="tabpanel"]')?.textContent).toBe('panel b');
    expect(container.querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby')).toBe(tabs()[1]!.id);
    await press(tabs()[1]!, 'End');
    expect(tabs()[2]!.getAttribute('aria-selected')).toBe('true');
    await press(tabs()[2]!, 'ArrowRight');
    expect(tabs()[0]!.getAttribute('aria-selected')).toBe('true');
  });
});

describe('form primitives', () => {
  it('ties a field to its hint and its inline error', async () => {
    const { container } = await mount(
      <Field label="API key" hint="Starts with sk-" error="This key has a space in it">
        {(p) => <input {...p} />}
      </Field>,
    );
    const input = container.querySelector('input')!;
    expect(container.querySelector('label')?.htmlFor).toBe(input.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Starts with sk-', 'This key has a space in it']);
  });

  it('puts an inline field beside its label, under an id outside code can find it by', async () => {
    const { container } = await mount(
      <Field id="language-picker" label="Language" inline>
        {(p) => <select {...p} />}
      </Field>,
    );
    const select = container.querySelector('select')!;
    expect(select.id).toBe('language-picker');
    expect(container.querySelector('label')?.htmlFor).toBe('language-picker');
    expect(container.querySelector('.ui-field')?.classList.contains('ui-field-inline')).toBe(true);
  });

  it('names a checkbox by the text after it, and announces an error about several fields', async () => {
    const onChange = vi.fn();
    const { container } = await mount(
      <>
        <CheckField label="Read answers aloud">
          <input type="checkbox" checked={false} onChange={(e) => onChange(e.target.checked)} />
        </CheckField>
        <FieldError>Use numbers in range</FieldError>
      </>,
    );
    await click(byText('label', 'Read answers aloud', container));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Use numbers in range');
  });

  it('hides a switch label from sight only, where the switch is named around it', async () => {
    const { container } = await mount(<Switch checked onChange={() => undefined} label="Turn on Weather" labelHidden />);
    const sw = container.querySelector('[role="switch"]') as HTMLButtonElement;
    const label = container.querySelector(`label[for="${sw.id}"]`)!;
    expect(label.textContent).toBe('Turn on Weather');
    expect(label.classList.contains('visually-hidden')).toBe(true);
  });

  it('is a named switch that reports its new state', async () => {
    const onChange = vi.fn();
    const { container } = await mount(<Switch checked={false} onChange={onChange} label="Read answers aloud" />);
    const sw = container.querySelector('[role="switch"]') as HTMLButtonElement;
    expect(sw.getAttribute('aria-checked')).toBe('false');
    expect(container.querySelector(`label[for="${sw.id}"]`)?.textContent).toBe('Read answers aloud');
    await click(sw);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
