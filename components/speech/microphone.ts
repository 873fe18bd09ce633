import { browser } from 'wxt/browser';
import { chatError, type ChatError } from '../../lib/core/errors';
import { onBroadcast } from '../../lib/messaging/events';

/** The extension page that asks for the microphone, since a side panel cannot show the browser's prompt. */
const MIC_PERMISSION_PAGE = '/mic-permission.html';

/** Whether this extension may use the microphone; `unknown` where the browser will not say (Firefox). */
export async function microphoneState(): Promise<PermissionState | 'unknown'> {
  try {
    return (await navigator.permissions.query({ name: 'microphone' as PermissionName })).state;
  } catch {
    return 'unknown';
  }
}

export interface MicrophoneAnswer {
  granted: boolean;
  error?: ChatError;
}

/**
 * Opens the permission page in a tab next to the current one and resolves
 * with its answer; the page closes itself and returns to this tab. `signal`
 * gives up waiting (the user cancelled in the panel).
 */
export async function askForMicrophone(signal: AbortSignal): Promise<MicrophoneAnswer> {
  const answer = new Promise<MicrophoneAnswer>((resolve) => {
    const stop = onBroadcast((event) => {
      if (event.type !== 'speech.mic') return;
      stop();
      resolve({ granted: event.granted, ...(event.error ? { error: event.error } : {}) });
    });
    signal.addEventListener(
      'abort',
      () => {
        stop();
        resolve({ granted: false, error: chatError('aborted', 'The microphone request was cancelled.') });
      },
      { once: true },
    );
  });
  const [current] = await browser.tabs.query({ active: true, currentWindow: true });
  const url = new URL(browser.runtime.getURL(MIC_PERMISSION_PAGE));
  if (current?.id !== undefined) url.searchParams.set('returnTo', String(current.id));
  await browser.tabs.create({ url: url.href, active: true, ...(current?.index !== undefined ? { index: current.index + 1 } : {}) });
  return answer;
}
