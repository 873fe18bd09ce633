import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReaderState } from '../../../lib/messaging/reader-protocol';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/messaging/client', () => ({ request }));
const { startReading, useReaderUi } = await import('../../../components/reader/reader-start');

const PLAYING: ReaderState = { status: 'playing', index: 0, total: 3, text: 'One.', rate: 1, tabId: 7 };

beforeEach(() => {
  request.mockReset();
  fakeBrowser.reset();
  useReaderUi.setState({ state: undefined, starting: false, failure: undefined });
});

describe('startReading', () => {
  it("asks at once for the caller's window, then shows it is starting until the reading has begun", async () => {
    let begin!: (state: ReaderState) => void;
    request.mockReturnValue(new Promise<ReaderState>((resolve) => (begin = resolve)));
    const getCurrent = vi.spyOn(fakeBrowser.windows, 'getCurrent');

    const started = startReading(3);
    // Sent in the same turn as the click, before the panel re-renders for "starting".
    expect(request).toHaveBeenCalledWith('reader.start', { windowId: 3 });
    expect(getCurrent).not.toHaveBeenCalled();
    expect(useReaderUi.getState().starting).toBe(true);

    begin(PLAYING);
    await started;
    expect(useReaderUi.getState()).toMatchObject({ starting: false, state: PLAYING });
  });

  it('asks the browser for the window when the caller does not know it yet', async () => {
    request.mockResolvedValue(PLAYING);
    vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 5 } as never);

    await startReading(undefined);
    expect(request).toHaveBeenCalledWith('reader.start', { windowId: 5 });
  });
});
