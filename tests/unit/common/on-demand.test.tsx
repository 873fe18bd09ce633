// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../support/dom';

// Two parts loaded on demand, each standing in for its module: one is fetched ahead, the other is not.
const imported = vi.hoisted(() => ({ chips: 0, notice: 0 }));
vi.mock('../../../components/images/ImageChips', () => {
  imported.chips++;
  return { ImageChips: () => <p>chips</p> };
});
vi.mock('../../../components/images/AttachmentNotice', () => {
  imported.notice++;
  return { AttachmentNotice: () => <p>notice</p> };
});

const { onDemand } = await import('../../../components/common/on-demand');
const ImageChips = onDemand(() => import('../../../components/images/ImageChips').then((m) => m.ImageChips));
const AttachmentNotice = onDemand(() => import('../../../components/images/AttachmentNotice').then((m) => m.AttachmentNotice));

let root: Root | undefined;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/** Renders `node` in one synchronous pass, as an update such as sending a message does: no promise settles inside. */
function renderNow(node: React.ReactNode): void {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(node));
}

describe('a part loaded on demand', () => {
  it('renders in the very pass that first needs it once it was preloaded', async () => {
    await ImageChips.preload();
    expect(imported.chips).toBe(1);
    renderNow(<ImageChips />);
    expect(container.textContent).toBe('chips');
  });

  it('shows nothing until it is in when it was not, then shows itself', async () => {
    renderNow(<AttachmentNotice />);
    expect(container.textContent).toBe('');
    await settle(() => container.textContent === 'notice');
    expect(imported.notice).toBe(1);
  });
});
