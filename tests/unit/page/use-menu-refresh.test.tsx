// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMenuRefresh } from '../../../components/page/use-menu-refresh';
import { notifyChange, onStorageChange } from '../../../lib/storage/change-feed';
import { mount, type Mounted } from '../support/dom';

const request = vi.hoisted(() => vi.fn(async () => null));
vi.mock('../../../lib/messaging/client', () => ({ request }));

function Panel() {
  useMenuRefresh();
  return null;
}

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  request.mockClear();
});

describe('the selection menu, seen from the panel', () => {
  it('asks the worker, which may be asleep, to rebuild it after any change to the prompts or the language', async () => {
    view = await mount(<Panel />);
    notifyChange({ type: 'prefs', id: 'prompts' });
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    notifyChange({ type: 'prefs', id: 'locale' });
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(request.mock.calls).toEqual([
      ['page.refreshMenus', {}],
      ['page.refreshMenus', {}],
    ]);
  });

  it('leaves the menu alone for other changes', async () => {
    view = await mount(<Panel />);
    // The feed keeps its order: once the language change has asked, the two before it were heard and passed over.
    notifyChange({ type: 'prefs', id: 'theme' }, { type: 'providers', id: 'p1' }, { type: 'prefs', id: 'locale' });
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
  });

  it('stops asking once the panel has gone', async () => {
    view = await mount(<Panel />);
    view.unmount();
    const heard = new Promise<void>((resolve) => {
      const stop = onStorageChange(() => {
        stop();
        resolve();
      });
    });
    notifyChange({ type: 'prefs', id: 'prompts' });
    // Every listener on the feed hears a change in the same turn: this one has, so the panel would have asked by now.
    await heard;
    await new Promise((resolve) => setTimeout(resolve));
    expect(request).not.toHaveBeenCalled();
  });
});
