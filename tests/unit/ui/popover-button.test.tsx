// @vitest-environment jsdom
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PopoverButton } from '../../../components/ui/PopoverButton';
import { mount } from '../support/dom';

beforeAll(() => {
  // jsdom has no popover API; these keep a mark of it as browsers keep :popover-open.
  HTMLElement.prototype.showPopover = function () {
    this.dataset.shown = '';
  };
  HTMLElement.prototype.hidePopover = function () {
    delete this.dataset.shown;
  };
});

describe('PopoverButton', () => {
  it('names the button and its dialog by one label, and mounts what it holds only while open', async () => {
    const { container } = await mount(
      <PopoverButton label="Voice" icon={<svg />} placement="bottom-end">
        <p>Chooser</p>
      </PopoverButton>,
    );
    const button = container.querySelector('button')!;
    const dialog = container.querySelector('[popover]')!;
    expect(button.getAttribute('aria-label')).toBe('Voice');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-label')).toBe('Voice');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(dialog.textContent).toBe('');

    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(dialog.textContent).toBe('Chooser');

    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(dialog.textContent).toBe('');
  });
});
