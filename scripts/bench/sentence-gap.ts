import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DEFAULT_SPEECH_SETTINGS, type SpeechSettings } from '../../lib/speech/speech-settings';
import { launchExtension, type ExtensionHarness } from '../../tests/e2e/support/extension';
import { putRawRecord } from '../../tests/e2e/support/idb';
import { startSpeechMock } from '../../tests/mocks/speech-server';
import { line } from './figures';

/** A heading and nine sentences: nine gaps per reading. */
const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour lights</title></head><body><article>
<h1>Harbour lights</h1>
<p>The harbour has three lights. The red one marks the left side of the channel. The green one marks the right side.</p>
<p>The white light stands on the hill above the town. Ships see it long before they see the coast. It flashes twice every ten seconds.</p>
<p>Keepers tended the lights for a century. Today the lights run by themselves. Visitors climb the white tower in summer.</p>
</article></body></html>`;
const SPEECH_KEY = 'sk-bench-speech';
/** What a cloud voice service takes to answer, so a synthesis not started early shows as a pause. */
const SERVICE_DELAY_MS = 250;
const READING_TIMEOUT_MS = 180_000;

interface PlayerReportSeen {
  type: string;
  id: number;
  at: number;
}

/**
 * Pauses between sentences of a page read aloud with an OpenAI voice: from
 * the offscreen player reporting a sentence ended to it reporting the next one
 * started, as the background receives both reports.
 */
export async function sentenceGaps(harness: ExtensionHarness): Promise<number[]> {
  const speech = await startSpeechMock({ openaiKey: SPEECH_KEY, delayMs: SERVICE_DELAY_MS });
  const pages = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE));
  await new Promise<void>((listening) => pages.listen(0, '127.0.0.1', listening));
  const control = await harness.openSidePanelPage();
  try {
    const send = (name: string, payload: unknown) =>
      control.evaluate(([n, p]) => chrome.runtime.sendMessage({ channel: 'parley', name: n, payload: p }), [name, payload] as const);
    const settings: SpeechSettings = {
      ...DEFAULT_SPEECH_SETTINGS,
      engine: 'openai',
      voices: { ...DEFAULT_SPEECH_SETTINGS.voices, openai: { voice: 'nova', rate: 1.25, pitch: 1 } },
      openai: { ...DEFAULT_SPEECH_SETTINGS.openai, keySource: 'own', baseUrl: speech.openaiUrl },
    };
    await putRawRecord(control, 'prefs', settings, 'speech');
    await send('speech.saveKeys', { openai: SPEECH_KEY });

    // Listens on the player's port beside the background's own listener, before the first playback opens the document.
    await harness.evalInWorker(() => {
      const seen: PlayerReportSeen[] = [];
      (globalThis as unknown as { playerReports: PlayerReportSeen[] }).playerReports = seen;
      chrome.runtime.onConnect.addListener((port) => {
        if (port.name !== 'parley.audio') return;
        port.onMessage.addListener((m: { type: string; id: number }) => void seen.push({ type: m.type, id: m.id, at: performance.now() }));
      });
    });

    const article = await harness.context.newPage();
    await article.goto(`http://127.0.0.1:${(pages.address() as AddressInfo).port}/article.html`);
    await article.bringToFront();
    const windowId = await control.evaluate(async () => (await chrome.windows.getCurrent()).id);
    const started = (await send('reader.start', { windowId })) as { ok: boolean; error?: { code: string } };
    if (!started.ok) throw new Error(`reader.start failed: ${started.error?.code}`);
    const deadline = Date.now() + READING_TIMEOUT_MS;
    for (;;) {
      const state = (await send('reader.state', {})) as { value: { status: string; error?: { code: string } } };
      if (state.value.error) throw new Error(`reading failed: ${state.value.error.code}`);
      if (state.value.status === 'idle') break;
      if (Date.now() > deadline) throw new Error('the reading did not finish');
      await article.waitForTimeout(250);
    }
    await article.close();

    const reports = await harness.evalInWorker(() => (globalThis as unknown as { playerReports: PlayerReportSeen[] }).playerReports);
    const at = (type: string, id: number) => reports.find((r) => r.type === type && r.id === id)?.at;
    const gaps: number[] = [];
    for (const ended of reports.filter((r) => r.type === 'ended')) {
      const next = at('started', ended.id + 1);
      if (next !== undefined) gaps.push(next - ended.at);
    }
    if (!gaps.length) throw new Error('no sentence followed another');
    return gaps;
  } finally {
    await control.close();
    await speech.close();
    await new Promise((closed) => pages.close(closed));
  }
}

export async function sentenceGapLine(harness: ExtensionHarness): Promise<string> {
  return line('Gap between sentences, page read aloud (OpenAI voice)', await sentenceGaps(harness), 'ms', { max: 50, text: '50 ms' });
}

/** On its own: node scripts/run-ts.mjs scripts/bench/sentence-gap.ts */
export async function main(root: string): Promise<void> {
  const harness = await launchExtension({ extensionDir: join(root, '.output/chrome-mv3') });
  try {
    console.log(await sentenceGapLine(harness));
  } finally {
    await harness.close();
  }
}
