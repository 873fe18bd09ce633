import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIMock, type OpenAIMock } from '../mocks/openai-server';
import { startSpeechMock, type SpeechMock } from '../mocks/speech-server';
import { launchExtension, type ExtensionHarness } from './support/extension';
import { servePages, type PageServer } from './support/page-server';
import {
  addProvider,
  backToChat,
  conversation,
  lastAnswer,
  openSettingsSection,
  pickModel,
  sendMessage,
  toastTexts,
  waitForAnswer,
} from './support/panel';

const CHAT_KEY = 'sk-chat-e2e';
const SPEECH_KEY = 'sk-speech-e2e';
const AZURE_KEY = 'azure-e2e-key';
const PAGES = join(import.meta.dirname, 'pages/speech');
const ANSWER = 'The lighthouse stood on the cliff. Its keeper **trimmed** the wick every night.';
const SENTENCES = ['The lighthouse stood on the cliff.', 'Its keeper trimmed the wick every night.'];

interface PlayedAudio {
  duration: number;
  ended: boolean;
  error: number;
  /** Paused, or its source taken away: it can play no further. */
  silenced: boolean;
}

interface Seen {
  sentence: string[];
  word: string[];
}

describe('voices and speech input', () => {
  let harness: ExtensionHarness;
  let openai: OpenAIMock;
  let speech: SpeechMock;
  let pages: PageServer;
  let page: Page;

  /** Settings → Voices & dictation. */
  const speechSettings = (): Promise<Locator> => openSettingsSection(page, 'Voices & dictation');

  async function fillAndLeave(field: Locator, value: string): Promise<void> {
    await field.fill(value);
    await field.press('Enter');
  }

  /** Notes every <audio> the page plays: its length once known, and whether it played to the end. */
  const watchAudio = () =>
    page.evaluate(() => {
      const w = window as unknown as { played: PlayedAudio[] };
      w.played = [];
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        const entry = { duration: 0, ended: false, error: 0, silenced: false };
        w.played.push(entry);
        this.addEventListener('loadedmetadata', () => (entry.duration = this.duration));
        this.addEventListener('ended', () => (entry.ended = true));
        this.addEventListener('error', () => (entry.error = this.error?.code ?? -1));
        for (const type of ['pause', 'emptied']) this.addEventListener(type, () => (entry.silenced = !this.ended));
        return play.call(this);
      };
    });
  const played = () => page.evaluate(() => (window as unknown as { played: PlayedAudio[] }).played);

  /** Samples the panel's answer highlights, from the panel's own script world. */
  const watchHighlights = () =>
    page.evaluate(() => {
      const w = window as unknown as { seen: Seen; sampler?: number };
      w.seen = { sentence: [], word: [] };
      clearInterval(w.sampler);
      w.sampler = window.setInterval(() => {
        for (const [name, key] of [
          ['parley-answer-sentence', 'sentence'],
          ['parley-answer-word', 'word'],
        ] as const) {
          const text = [...(CSS.highlights.get(name) ?? [])].map((r) => (r as Range).toString()).join('');
          const list = w.seen[key];
          if (text && list.at(-1) !== text) list.push(text);
        }
      }, 5);
    });
  const seen = () => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

  /** The first answer, which the reading tests read (later ones come from the auto-read test). */
  const firstAnswer = () => conversation(page).getByRole('article', { name: 'Assistant' }).first();
  const readAloud = (answer = firstAnswer()) => answer.getByRole('button', { name: 'Read aloud' });
  const stopReading = (answer = firstAnswer()) => answer.getByRole('button', { name: 'Stop reading' });

  async function useVoices(family: 'Browser voices' | 'Microsoft neural voices' | 'OpenAI voices'): Promise<Locator> {
    const section = await speechSettings();
    await section.getByRole('radio', { name: family }).check();
    return section;
  }

  async function request<T>(name: string, payload: object): Promise<T> {
    const envelope = (await page.evaluate(([n, p]) => chrome.runtime.sendMessage({ channel: 'parley', name: n, payload: p }), [
      name,
      payload,
    ] as const)) as {
      ok: boolean;
      value?: T;
      error?: { code: string };
    };
    if (!envelope.ok) throw new Error(`${name} failed: ${envelope.error?.code}`);
    return envelope.value as T;
  }

  beforeAll(async () => {
    openai = await startOpenAIMock({ apiKey: CHAT_KEY, models: ['gpt-test'] });
    speech = await startSpeechMock({ openaiKey: SPEECH_KEY, azureKey: AZURE_KEY, transcript: 'sent from a recording' });
    pages = await servePages(PAGES);

    harness = await launchExtension();
    await harness.waitForVoices();
    page = await harness.openSidePanelPage();
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url, 'API key': CHAT_KEY });
    await backToChat(page);
    await pickModel(page, 'gpt-test');
    openai.enqueue({ kind: 'text', text: ANSWER });
    await sendMessage(page, 'Tell me about the lighthouse.');
    await lastAnswer(page).getByRole('button', { name: 'Read aloud' }).waitFor();
    await watchAudio();
    await watchHighlights();
  });

  afterAll(async () => {
    await harness?.close();
    await openai?.close();
    await speech?.close();
    await pages?.close();
  });

  it('offers three groups of voices: the browser’s per language, Microsoft’s neural ones, and OpenAI’s per model', async () => {
    const section = await speechSettings();
    expect(await section.getByRole('radio', { name: 'Browser voices' }).isChecked()).toBe(true);
    const language = section.getByRole('combobox', { name: 'Voice language' });
    const voice = section.getByRole('combobox', { name: 'Voice', exact: true });
    // espeak-ng reports thousands of voices; the list opens on the interface language only.
    await expect.poll(() => language.inputValue()).toBe('en-US');
    const english = await voice.locator('option').count();
    expect(english).toBeGreaterThan(1);
    expect(await voice.locator('optgroup').count()).toBe(0);
    expect(await section.getByRole('searchbox', { name: 'Filter voices' }).count()).toBe(english > 31 ? 1 : 0);
    await language.selectOption('all');
    expect(await voice.locator('optgroup').count()).toBeGreaterThan(1);
    expect(await voice.locator('option').count()).toBeGreaterThan(english);

    await useVoices('Microsoft neural voices');
    expect(await section.getByRole('combobox', { name: 'Microsoft voice service' }).inputValue()).toBe('edge');
    expect(await voice.locator('option[value="en-US-JennyNeural"]').innerText()).toBe('Jenny');
    await language.selectOption('de-DE');
    expect(await voice.locator('option').allInnerTexts()).toEqual(['Choose a voice', 'Katja', 'Conrad', 'Amala', 'Killian']);

    await useVoices('OpenAI voices');
    expect(await section.getByRole('combobox', { name: 'Voice language' }).count()).toBe(0);
    expect(await voice.locator('option').allInnerTexts()).not.toContain('Ballad');
    expect(await voice.locator('option').count()).toBe(9);
    await section.getByRole('combobox', { name: 'Speech model' }).selectOption('gpt-4o-mini-tts');
    await expect.poll(() => voice.locator('option').allInnerTexts()).toContain('Ballad');
    await section.getByRole('combobox', { name: 'Speech model' }).selectOption('tts-1');
    expect(await section.getByRole('slider', { name: 'Voice pitch' }).isDisabled()).toBe(true);
  });

  it('previews an OpenAI voice with the key saved for speech, and explains a rejected key', async () => {
    const section = await useVoices('OpenAI voices');
    await fillAndLeave(section.getByLabel('Speech API base URL'), speech.openaiUrl);
    await section.getByLabel('OpenAI API key for speech', { exact: true }).fill('sk-wrong');
    await section.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Key saved.');
    await section.getByRole('combobox', { name: 'Voice', exact: true }).selectOption('nova');
    await section.getByRole('slider', { name: 'Voice speed' }).fill('1.25');

    speech.clear();
    await section.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => section.getByRole('alert').innerText()).toContain('The voice service rejected the key.');

    await section.getByLabel('OpenAI API key for speech', { exact: true }).fill(SPEECH_KEY);
    await section.getByRole('button', { name: 'Save key' }).click();
    speech.clear();
    const before = (await played()).length;
    await section.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => section.getByRole('button', { name: 'Stop preview' }).count()).toBe(1);
    await expect.poll(() => section.getByRole('button', { name: 'Preview', exact: true }).count(), { timeout: 20_000 }).toBe(1);
    expect(speech.requests).toHaveLength(1);
    expect(speech.requests[0]!.headers.authorization).toBe(`Bearer ${SPEECH_KEY}`);
    expect(speech.requests[0]!.json).toEqual({
      model: 'tts-1',
      input: 'Hello! This is how answers and pages will sound.',
      voice: 'nova',
      speed: 1.25,
      response_format: 'mp3',
    });
    const audio = (await played()).slice(before);
    expect(audio).toHaveLength(1);
    expect(audio[0]).toMatchObject({ ended: true, error: 0 });
    expect(audio[0]!.duration).toBeGreaterThan(1);
    expect(await section.getByRole('alert').count()).toBe(0);
    // The key went to the background only: nothing the panel can read holds it.
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(SPEECH_KEY);
  });

  it('reads an answer aloud sentence by sentence, highlighting each, and stops at once', async () => {
    await backToChat(page);
    speech.clear();
    await watchHighlights();
    const before = (await played()).length;
    await readAloud().click();
    await expect.poll(() => stopReading().count()).toBe(1);
    await expect.poll(() => readAloud().count(), { timeout: 30_000 }).toBe(1);
    expect(speech.spokenTexts()).toEqual(SENTENCES);
    const audio = (await played()).slice(before);
    expect(audio.map((a) => a.ended)).toEqual([true, true]);
    expect((await seen()).sentence).toEqual(SENTENCES);
    expect(await page.evaluate(() => CSS.highlights.has('parley-answer-sentence'))).toBe(false);

    // Read again (from the cache now), and stop mid-sentence: silence at once, and nothing more plays.
    const playing = (await played()).length;
    await readAloud().click();
    await expect.poll(async () => (await played()).length).toBe(playing + 1);
    await stopReading().click();
    expect(await readAloud().count()).toBe(1);
    expect(await page.evaluate(() => CSS.highlights.has('parley-answer-sentence'))).toBe(false);
    // The player pauses the sentence and drops its source; the next would only have played once this one ended.
    await expect.poll(async () => (await played())[playing]?.silenced).toBe(true);
    const after = (await played()).slice(playing);
    expect(after).toHaveLength(1);
    expect(after[0]!.ended).toBe(false);
  });

  it('reads a new answer aloud while it is still streaming in', async () => {
    const section = await speechSettings();
    await section.getByRole('checkbox', { name: 'Read new answers aloud as they arrive' }).check();
    await backToChat(page);
    speech.clear();
    const long = `A new answer starts here. ${Array.from({ length: 8 }, (_, i) => `Line ${i + 1} of the long answer keeps the stream going.`).join(' ')}`;
    openai.enqueue({ kind: 'text', text: long, chunkSize: 4, delayMs: 40 });
    await sendMessage(page, 'And then?');
    await expect.poll(() => speech.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
    // The first sentence was asked for while the answer was still being written.
    expect(await lastAnswer(page).getAttribute('aria-busy')).toBe('true');
    expect(speech.spokenTexts()[0]).toBe('A new answer starts here.');
    await waitForAnswer(page, 'Line 8 of the long answer keeps the stream going.');
    expect(speech.spokenTexts().slice(0, 3)).toEqual([
      'A new answer starts here.',
      'Line 1 of the long answer keeps the stream going.',
      'Line 2 of the long answer keeps the stream going.',
    ]);
    await stopReading(lastAnswer(page)).click();
    await (await speechSettings()).getByRole('checkbox', { name: 'Read new answers aloud as they arrive' }).uncheck();
    await backToChat(page);
  });

  it('speaks with Azure Speech: SSML with the key, and a clear message for a wrong key', async () => {
    const section = await useVoices('Microsoft neural voices');
    await section.getByRole('combobox', { name: 'Microsoft voice service' }).selectOption('azure');
    await section.getByRole('combobox', { name: 'Voice language' }).selectOption('en-US');
    await section.getByRole('combobox', { name: 'Voice', exact: true }).selectOption('en-US-GuyNeural');
    await fillAndLeave(section.getByLabel('Custom Azure Speech endpoint'), speech.azureUrl);
    const azureKey = section.getByRole('group', { name: 'Azure Speech' });
    await azureKey.getByLabel('Azure Speech key').fill('wrong-key');
    await azureKey.getByRole('button', { name: 'Save key' }).click();
    speech.clear();
    await section.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => section.getByRole('alert').innerText()).toContain('The voice service rejected the key.');

    await azureKey.getByLabel('Azure Speech key').fill(AZURE_KEY);
    await azureKey.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Key saved.');
    await backToChat(page);
    speech.clear();
    await readAloud().click();
    await expect.poll(() => readAloud().count(), { timeout: 30_000 }).toBe(1);
    expect(speech.spokenTexts()).toEqual(SENTENCES);
    const first = speech.requests[0]!;
    expect(first.headers).toMatchObject({
      'ocp-apim-subscription-key': AZURE_KEY,
      'content-type': 'application/ssml+xml',
      'x-microsoft-outputformat': 'audio-24khz-48kbitrate-mono-mp3',
    });
    expect(first.ssml).toBe(
      "<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='en-US'><voice name='en-US-GuyNeural'>" +
        "<prosody pitch='+0%' rate='+0%' volume='+0%'>The lighthouse stood on the cliff.</prosody></voice></speak>",
    );
  });

  it('speaks with the free Edge voices over the read-aloud WebSocket, highlighting each word', async () => {
    const section = await useVoices('Microsoft neural voices');
    await section.getByRole('combobox', { name: 'Microsoft voice service' }).selectOption('edge');
    await section.getByRole('combobox', { name: 'Voice', exact: true }).selectOption('en-US-AriaNeural');
    await fillAndLeave(section.getByLabel('Custom read-aloud endpoint'), speech.edgeUrl);
    await backToChat(page);
    speech.clear();
    await watchHighlights();
    await readAloud().click();
    await expect.poll(() => readAloud().count(), { timeout: 30_000 }).toBe(1);
    expect(speech.spokenTexts()).toEqual(SENTENCES);
    const session = speech.edgeSessions[0]!;
    const query = new URL(session.url, 'ws://x').searchParams;
    expect(query.get('TrustedClientToken')).toBe('6A5AA1D4EAFF4E9FB37E23D68491D6F4');
    expect(query.get('Sec-MS-GEC')).toMatch(/^[0-9A-F]{64}$/);
    expect(session.received[0]).toContain('Path:speech.config');
    expect(session.received[1]).toContain("<voice name='Microsoft Server Speech Text to Speech Voice (en-US, AriaNeural)'>");
    // Against the real service, the handshake carries Edge's Origin: Chrome accepted the rule that sets it.
    const rules = await harness.evalInWorker(() => chrome.declarativeNetRequest.getSessionRules());
    expect(rules).toContainEqual(
      expect.objectContaining({
        action: expect.objectContaining({
          requestHeaders: [expect.objectContaining({ header: 'origin', value: 'chrome-extension://jdiccldimpdaibmpdkjnbmckianbfold' })],
        }),
        condition: expect.objectContaining({
          urlFilter: '|wss://speech.platform.bing.com/consumer/speech/synthesize/readaloud/edge/v1',
          resourceTypes: ['websocket'],
        }),
      }),
    );
    const words = (await seen()).word;
    expect(words.length).toBeGreaterThan(2);
    for (const word of words) expect(ANSWER.replace(/\*\*/g, '')).toContain(word);
  });

  it('reads the answer with an espeak-ng voice through the browser’s speech synthesis', async () => {
    const section = await useVoices('Browser voices');
    const voice = section.getByRole('combobox', { name: 'Voice', exact: true });
    await section.getByRole('combobox', { name: 'Voice language' }).selectOption('en-US');
    const first = (await voice.locator('option').nth(1).getAttribute('value'))!;
    await voice.selectOption(first);
    await backToChat(page);
    await page.evaluate(() => {
      const w = window as unknown as { utterances: { text: string; voice: string; events: string[] }[] };
      w.utterances = [];
      const speak = speechSynthesis.speak.bind(speechSynthesis);
      speechSynthesis.speak = (u: SpeechSynthesisUtterance) => {
        const entry = { text: u.text, voice: u.voice?.name ?? '', events: [] as string[] };
        w.utterances.push(entry);
        for (const type of ['start', 'end', 'error'] as const) u.addEventListener(type, () => entry.events.push(type));
        speak(u);
      };
    });
    await readAloud().click();
    await expect.poll(() => readAloud().count(), { timeout: 30_000 }).toBe(1);
    const utterances = await page.evaluate(
      () => (window as unknown as { utterances: { text: string; voice: string; events: string[] }[] }).utterances,
    );
    expect(utterances.map((u) => u.text)).toEqual(SENTENCES);
    for (const u of utterances) {
      expect(u.voice).toBe(first);
      expect(u.events.at(-1)).toBe('end');
    }
  });

  it('reads a page aloud with a cloud voice, playing in the offscreen document while no panel is open', async () => {
    await useVoices('OpenAI voices');
    await backToChat(page);
    const article = await harness.context.newPage();
    await article.goto(pages.url('article.html'));
    await article.bringToFront();
    speech.clear();
    const windowId = await page.evaluate(async () => (await chrome.windows.getCurrent()).id);
    const started = await request<{ status: string; total: number }>('reader.start', { windowId });
    expect(started).toMatchObject({ status: 'playing', total: 4 });
    await expect.poll(() => speech.spokenTexts().length, { timeout: 20_000 }).toBeGreaterThan(1);
    expect(speech.spokenTexts().slice(0, 2)).toEqual(['Harbour lights', 'The harbour has three lights.']);
    // The next sentence is synthesized while the first is still on its way, so both requests can come before the player opens.
    const offscreen = () =>
      harness.evalInWorker(async () =>
        (await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] })).map((c) => c.documentUrl),
      );
    await expect.poll(offscreen, { timeout: 20_000 }).toEqual([expect.stringMatching(/\/offscreen\.html$/)]);
    await expect.poll(async () => (await request<{ index: number }>('reader.state', {})).index, { timeout: 20_000 }).toBeGreaterThan(0);
    const { text: cut } = await request<{ text: string }>('reader.state', {});
    const stopped = await request<{ status: string }>('reader.control', { action: 'stop' });
    expect(stopped.status).toBe('idle');
    const asked = speech.requests.length;
    // A reading that went on would ask for a further sentence once the one it was playing ended. A longer sentence,
    // synthesized and played to its end here, ends after that request would have come.
    const later = `Read after the stop: ${cut}`;
    await page.evaluate(async (text) => {
      const payload = { engine: 'openai', text, voice: 'nova', rate: 1, pitch: 1 };
      const reply = (await chrome.runtime.sendMessage({ channel: 'parley', name: 'speech.synthesize', payload })) as {
        value: { audio: string; mime: string };
      };
      const audio = new Audio(`data:${reply.value.mime};base64,${reply.value.audio}`);
      await new Promise((ended) => {
        audio.onended = ended;
        void audio.play();
      });
    }, later);
    expect(speech.requests.slice(asked).filter((r) => r.json?.input !== later).length).toBeLessThanOrEqual(1);
    await article.close();
    await page.bringToFront();
  });

  describe('dictation', () => {
    const box = () => page.getByRole('textbox', { name: 'Message' });

    /** A recognizer the test drives, standing in for the browser's (which needs Google's servers). */
    const injectRecognizer = (target: Page = page) =>
      target.evaluate(() => {
        type Result = { transcript: string }[] & { isFinal: boolean };
        class FakeRecognition {
          lang = '';
          continuous = false;
          interimResults = false;
          onresult: ((e: { results: Result[] }) => void) | null = null;
          onerror: ((e: { error: string }) => void) | null = null;
          onend: (() => void) | null = null;
          started = false;
          constructor() {
            (window as unknown as { recognition: FakeRecognition }).recognition = this;
          }
          start() {
            this.started = true;
          }
          stop() {
            this.onend?.();
          }
          abort() {
            this.onend?.();
          }
          say(...parts: [string, boolean][]) {
            this.onresult?.({ results: parts.map(([transcript, isFinal]) => Object.assign([{ transcript }], { isFinal })) });
          }
        }
        // Chromium has both names; whichever the panel looks up finds the fake.
        for (const name of ['SpeechRecognition', 'webkitSpeechRecognition']) {
          Object.defineProperty(window, name, { value: FakeRecognition, configurable: true, writable: true });
        }
      });
    const say = (...parts: [string, boolean][]) =>
      page.evaluate((p) => (window as unknown as { recognition: { say(...x: [string, boolean][]): void } }).recognition.say(...p), parts);

    /**
     * What the browser says about the microphone permission. CDP cannot grant
     * permissions to extension origins, so the answer is stood in for.
     */
    const micPermission = (state: PermissionState) =>
      page.evaluate((answer) => {
        const permissions = navigator.permissions;
        const w = window as unknown as { realQuery?: Permissions['query'] };
        w.realQuery ??= permissions.query.bind(permissions);
        permissions.query = async (descriptor) =>
          descriptor.name === 'microphone' ? ({ state: answer } as PermissionStatus) : w.realQuery!(descriptor);
      }, state);

    it('puts interim and final words into the message box around what was typed', async () => {
      await micPermission('granted');
      await injectRecognizer();
      await box().fill('Hello');
      await page.getByRole('button', { name: 'Dictate' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Stop dictation' }).count()).toBe(1);
      expect(
        await page.evaluate(() => (window as unknown as { recognition: { lang: string; started: boolean } }).recognition),
      ).toMatchObject({
        lang: 'en-US',
        started: true,
      });
      await say(['wor', false]);
      await expect.poll(() => box().inputValue()).toBe('Hello wor');
      await say(['world', true], [' again', false]);
      await expect.poll(() => box().inputValue()).toBe('Hello world again');
      await page.getByRole('button', { name: 'Stop dictation' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Dictate' }).count()).toBe(1);
      expect(await box().inputValue()).toBe('Hello world again');
      await box().fill('');
    });

    it('offers OpenAI transcription of a recording where the browser has no speech recognition', async () => {
      await page.evaluate(() => {
        for (const name of ['SpeechRecognition', 'webkitSpeechRecognition']) {
          Object.defineProperty(window, name, { value: undefined, configurable: true, writable: true });
        }
        // A tone stands in for the microphone, which the test machine does not have.
        navigator.mediaDevices.getUserMedia = async () => {
          const context = new AudioContext();
          (window as unknown as { tone: AudioContext }).tone = context;
          const tone = context.createOscillator();
          const out = context.createMediaStreamDestination();
          tone.connect(out);
          tone.start();
          return out.stream;
        };
      });
      speech.clear();
      await box().fill('Note:');
      await page.getByRole('button', { name: 'Dictate' }).click();
      await expect.poll(() => page.getByText('This browser cannot recognize speech by itself.', { exact: false }).count()).toBe(1);
      await page.getByRole('button', { name: 'Record and transcribe' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Stop recording' }).count()).toBe(1);
      // Half a second of tone has gone into the recording, by the tone's own clock.
      await expect.poll(() => page.evaluate(() => (window as unknown as { tone: AudioContext }).tone.currentTime)).toBeGreaterThan(0.5);
      await page.getByRole('button', { name: 'Stop recording' }).click();
      await expect.poll(() => box().inputValue(), { timeout: 20_000 }).toBe('Note: sent from a recording');
      const upload = speech.requests.find((r) => r.path === '/v1/audio/transcriptions')!;
      expect(upload.headers.authorization).toBe(`Bearer ${SPEECH_KEY}`);
      expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload.form).toMatchObject({ model: 'whisper-1', language: 'en', response_format: 'json' });
      const file = upload.form!.file as { name: string; type: string; size: number };
      expect(file.name).toBe('dictation.webm');
      expect(file.type).toMatch(/^audio\/webm/);
      expect(file.size).toBeGreaterThan(100);
      await box().fill('');
    });

    it('asks for the microphone on an extension page first, then dictates', async () => {
      await micPermission('prompt');
      await injectRecognizer();
      // The new tab may still be about:blank when Playwright first sees it.
      const opened = harness.context.waitForEvent('page');
      await page.getByRole('button', { name: 'Dictate' }).click();
      const ask = await opened;
      await ask.waitForURL(/\/mic-permission\.html\?returnTo=\d+$/);
      await expect.poll(() => page.getByText('Allow the microphone in the tab that just opened.').count()).toBe(1);
      await expect.poll(() => ask.getByRole('heading', { name: 'Microphone for dictation' }).count()).toBe(1);
      // The test machine has no microphone: stand one in, as the browser would after "Allow".
      await ask.evaluate(() => {
        navigator.mediaDevices.getUserMedia = async () => new MediaStream();
      });
      const closed = ask.waitForEvent('close');
      await ask.getByRole('button', { name: 'Allow microphone' }).click();
      await closed;
      await expect.poll(() => page.getByRole('button', { name: 'Stop dictation' }).count()).toBe(1);
      await say(['after the permission', true]);
      await expect.poll(() => box().inputValue()).toBe('after the permission');
      await page.getByRole('button', { name: 'Stop dictation' }).click();
      await box().fill('');
    });
  });
});
