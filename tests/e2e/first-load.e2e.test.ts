import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsedFirstLoad, type FirstLoad } from '../../scripts/bench/first-load';
import { configureProvider } from '../../scripts/bench/panel-open';
import { startOpenAIMock, type OpenAIMock } from '../mocks/openai-server';
import { launchExtension, type ExtensionHarness } from './support/extension';

const EXTENSION_DIR = resolve(import.meta.dirname, '../../.output/chrome-mv3');
const CHUNKS = join(EXTENSION_DIR, 'chunks');

/**
 * Strings found only in parts an empty chat does not show: the Edge voice
 * service's host, the recorder, the reader bar's speed control, the markdown
 * sanitiser, a failed tool step, the "/" menu's list, the languages' own
 * names (the pickers') and the late sections of the strings
 * (lib/i18n/sections.ts). (How big the first load is belongs to `npm run
 * bench`; which modules it holds is a fact of the build.)
 */
const LAZY_MARKERS = [
  'speech.platform.bing.com',
  'MediaRecorder',
  'reader-speed',
  'ALLOWED_TAGS',
  'tool-step-failed',
  'slash-option-active',
  'Português (Brasil)',
  // English text of the late strings (the panel opens in English here); their section names are in the first load.
  'Model Context Protocol server',
];

describe('side panel first load', () => {
  let mock: OpenAIMock;
  let harness: ExtensionHarness;
  let firstLoad: FirstLoad;

  beforeAll(async () => {
    mock = await startOpenAIMock({ models: ['gpt-test'] });
    harness = await launchExtension({ extensionDir: EXTENSION_DIR });
    await configureProvider(harness, mock);
    firstLoad = await parsedFirstLoad(harness, EXTENSION_DIR);
  });

  afterAll(async () => {
    await harness?.close();
    await mock?.close();
  });

  it('leaves speech, dictation, the page reader, markdown, tool steps, the "/" list, the pickers\' names and the late strings to load when first used', () => {
    const source = (files: string[]) => files.map((file) => readFileSync(join(EXTENSION_DIR, file), 'utf8')).join('\n');
    // Each marker is in the build, so its absence from the first load means something.
    const everything = source(readdirSync(CHUNKS).map((file) => `chunks/${file}`));
    expect(LAZY_MARKERS.filter((marker) => !everything.includes(marker))).toEqual([]);

    // The panel really opened: its entry script was parsed.
    expect(firstLoad.files.some((file) => file.startsWith('chunks/sidepanel-'))).toBe(true);
    const parsed = source(firstLoad.files);
    expect(LAZY_MARKERS.filter((marker) => parsed.includes(marker))).toEqual([]);
  });

  it('leaves the code that scales images to the first send with an image', () => {
    const isSendImages = (file: string) => file.startsWith('chunks/send-images-');
    expect(readdirSync(CHUNKS).some((file) => isSendImages(`chunks/${file}`))).toBe(true);
    expect(firstLoad.files.filter(isSendImages)).toEqual([]);
  });
});
