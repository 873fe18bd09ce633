// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewErrorBoundary } from '../../../components/app/ViewErrorBoundary';
import { preload, useModule } from '../../../components/common/use-module';
import { mount, settle } from '../support/dom';

/** A module that arrives when the test says so. */
function deferredModule(text: string) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(async () => {
    await arrived;
    return { text };
  });
  return { load, arrive };
}

/** Every render's text, so a test sees whether the module was there in the very first one. */
function Shows({ load, seen }: { load: () => Promise<{ text: string }>; seen: string[] }) {
  const module = useModule(load);
  seen.push(module?.text ?? 'loading');
  return <p>{module?.text ?? 'loading'}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('useModule', () => {
  it('renders a stand-in while the module loads, then the module, fetching it once for every user', async () => {
    const { load, arrive } = deferredModule('loaded');
    const seen: string[] = [];
    const view = await mount(
      <>
        <Shows load={load} seen={seen} />
        <Shows load={load} seen={[]} />
      </>,
    );
    expect(view.container.textContent).toBe('loadingloading');

    await act(async () => arrive());
    await settle(() => view.container.textContent === 'loadedloaded');
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen[0]).toBe('loading');
  });

  it('renders a preloaded module in its first render, with no stand-in to replace', async () => {
    const { load, arrive } = deferredModule('ready');
    const preloading = preload(load);
    arrive();
    await preloading;
    const seen: string[] = [];

    await mount(<Shows load={load} seen={seen} />);

    expect(seen).toEqual(['ready']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands a failed load to the error boundary, and fetches again when the view is retried', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fails = true;
    const load = vi.fn(async () => {
      if (fails) throw new Error('chunk missing');
      return { text: 'second try' };
    });
    const view = await mount(
      <ViewErrorBoundary onBack={() => undefined}>
        <Shows load={load} seen={[]} />
      </ViewErrorBoundary>,
    );
    await settle(() => view.container.querySelector('[role="alert"]') !== null);

    fails = false;
    await act(async () => view.container.querySelector('button')!.click());

    await settle(() => view.container.textContent === 'second try');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
