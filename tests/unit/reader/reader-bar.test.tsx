// @vitest-environment jsdom
import { act } from 'react';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chatError } from '../../../lib/core/errors';
import type { ReaderState } from '../../../lib/messaging/reader-protocol';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { loadSpeechSettings, saveSpeechSettings } from '../../../lib/speech/speech-prefs';
import { DEFAULT_SPEECH_SETTINGS } from '../../../lib/speech/speech-settings';
import { byText, mount, settle } from '../support/dom';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/messaging/client', () => ({ request }));
const { ReaderBar } = await import('../../../components/reader/ReaderBar');
const { useReaderUi } = await import('../../../components/reader/reader-start');

const SILENT: ReaderState = {
  status: 'idle',
  index: 0,
  total: 0,
  text: '',
  rate: 1,
  error: chatError('stalled', 'The voice made no sound within 8000 ms.', { type: 'voice-silent' }),
};
const PLAYING: ReaderState = { status: 'playing', index: 0, total: 3, text: 'One.', rate: 1, tabId: 7 };

/** The speech engine saved when the reading was started again. */
let engineAtStart: string | undefined;

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  // The panel keeps one copy of the speech settings, which follows what is saved.
  await saveSpeechSettings(DEFAULT_SPEECH_SETTINGS);
  engineAtStart = undefined;
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 5 } as never);
  request.mockReset();
  request.mockImplementation(async (type: string) => {
    if (type === 'reader.state') return SILENT;
    if (type === 'reader.start') {
      engineAtStart = (await loadSpeechSettings()).engine;
      return PLAYING;
    }
    throw new Error(`unexpected request ${type}`);
  });
  useReaderUi.setState({ state: SILENT, starting: false, failure: undefined });
});

describe('the reading bar after a voice that made no sound', () => {
  it('says the voice did not start and offers Edge’s voices after the browser’s, reading again with them', async () => {
    const { container } = await mount(<ReaderBar />);
    await settle(() => !!byText('button', 'Read with Microsoft’s online voices'), 3000);
    expect(container.querySelector('.reader-error')!.textContent).toBe(
      'The voice did not start speaking, so reading stopped. This speech engine may not work on this computer: try another.',
    );

    await act(async () => byText('button', 'Read with Microsoft’s online voices')!.click());
    await settle(() => engineAtStart !== undefined);
    expect(engineAtStart).toBe('edge');
    expect(request).toHaveBeenCalledWith('reader.start', { windowId: 5 });
    await settle(() => !container.querySelector('.reader-error'));
  });

  it('offers the browser’s voices after a cloud voice', async () => {
    await saveSpeechSettings({ ...DEFAULT_SPEECH_SETTINGS, engine: 'edge' });
    await mount(<ReaderBar />);
    await settle(() => !!byText('button', 'Read with the browser’s voices'), 3000);
  });

  it('speaks the interface language', async () => {
    const { container } = await mount(<ReaderBar />, 'de-DE');
    await settle(() => !!byText('button', 'Mit den Online-Stimmen von Microsoft vorlesen'), 3000);
    expect(container.querySelector('.reader-error')!.textContent).toMatch(/^Die Stimme hat nicht zu sprechen begonnen/);
  });
});
