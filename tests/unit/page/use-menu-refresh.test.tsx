// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMenuRefresh } from '../../../components/page/use-menu-refresh';
import { notifyChange } from '../../../lib/storage/change-feed';
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

  it('leaves the menu alone for other changes, and once the panel has gone', async () => {
    view = await mount(<Panel />);
    notifyChange({ type: 'prefs', id: 'theme' }, { type: 'providers', id: 'p1' });
    view.unmount();
    notifyChange({ type: 'prefs', id: 'prompts' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(request).not.toHaveBeenCalled();
  });
});
