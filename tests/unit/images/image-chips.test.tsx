// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ImageChips } from '../../../components/images/ImageChips';
import { useAttachments } from '../../../components/images/attachments-store';
import { useProvidersStore } from '../../../components/state/providers-store';
import type { ProviderKind, ProviderView } from '../../../lib/core/providers';
import { mount } from '../support/dom';

const image = (width: number, height: number) => ({
  id: crypto.randomUUID(),
  blob: new Blob([new Uint8Array([1])], { type: 'image/jpeg' }),
  mimeType: 'image/jpeg' as const,
  width,
  height,
  url: 'blob:chip',
});

function choose(kind: ProviderKind) {
  const provider: ProviderView = { id: 'p1', kind, name: kind, settings: {}, manualModels: [], createdAt: 0, secretsSet: {} };
  useProvidersStore.setState({ providers: [provider], selected: { providerId: 'p1', model: 'm1' } });
}

const chips = (root: HTMLElement) =>
  [...root.querySelectorAll('.image-chip')].map((chip) => ({
    name: chip.querySelector('img')!.alt,
    note: chip.querySelector('.image-chip-note')?.textContent,
  }));

beforeEach(() => {
  useAttachments.setState({ images: [image(6000, 4000), image(800, 600)], problem: undefined });
  choose('openai');
});

describe('an image larger than the provider takes', () => {
  it('says on its chip, and in its name, the size it goes at', async () => {
    const view = await mount(<ImageChips />);
    expect(chips(view.container)).toEqual([
      { name: 'Image 1 of 2, scaled to 2048×1365', note: 'Scaled to 2048×1365' },
      { name: 'Image 2 of 2', note: undefined },
    ]);
  });

  it('follows the chosen provider’s limit', async () => {
    const view = await mount(<ImageChips />);
    await act(async () => choose('anthropic'));
    expect(chips(view.container)[0]!.note).toBe('Scaled to 1568×1045');
  });

  it('says it in the interface language', async () => {
    const view = await mount(<ImageChips />, 'de-DE');
    expect(chips(view.container)[0]).toEqual({
      name: 'Bild 1 von 2, verkleinert auf 2048×1365',
      note: 'Verkleinert auf 2048×1365',
    });
  });
});
