import { describe, expect, it } from 'vitest';
import { ReaderController } from '../../../lib/reader/controller';
import { controlLabelsFor, interfaceControlLabels } from '../../../lib/reader/control-labels';
import { setPref } from '../../../lib/storage/prefs';
import type { BackgroundToPage } from '../../../lib/messaging/reader-protocol';
import { FakeEngine } from './fake-engine';

describe('the on-page reading control’s labels', () => {
  it('come from Parley’s locale files, with the locale’s direction', () => {
    expect(controlLabelsFor('fr-FR')).toEqual({
      lang: 'fr-FR',
      dir: 'ltr',
      text: {
        controls: 'Lecture à voix haute',
        pause: 'Mettre en pause',
        resume: 'Reprendre',
        stop: 'Arrêter la lecture',
        previous: 'Phrase précédente',
        next: 'Phrase suivante',
        speed: 'Vitesse',
      },
      rates: ['0,5×', '0,75×', '1×', '1,25×', '1,5×', '1,75×', '2×', '2,5×', '3×'],
    });
    expect(controlLabelsFor('ar-SA')).toMatchObject({ lang: 'ar-SA', dir: 'rtl', text: { pause: 'إيقاف مؤقت' } });
    expect(controlLabelsFor('ar-SA').rates[3]).toBe('١٫٢٥×');
    expect(controlLabelsFor('xx-YY')).toMatchObject({ lang: 'en-US', dir: 'ltr', text: { stop: 'Stop reading' } });
  });

  it('follow the language chosen in Parley over the browser’s', async () => {
    expect((await interfaceControlLabels()).lang).toBe('en-US');
    await setPref('locale', 'ja-JP');
    expect(await interfaceControlLabels()).toMatchObject({ lang: 'ja-JP', text: { resume: '再開' } });
    await setPref('locale', undefined);
  });

  it('travel to the page with the request to prepare the reading', async () => {
    const { controller, received } = await readingIn('de-DE', ['One.']);
    expect(received[0]).toEqual({ type: 'prepare', from: 'start', labels: controlLabelsFor('de-DE') });
    expect((received[0] as { labels: { text: { pause: string } } }).labels.text.pause).toBe('Pausieren');
    controller.command({ action: 'stop' });
  });

  it('come with the numbers the control shows written in their language, so the page never formats one', async () => {
    const { controller, engine, received } = await readingIn(
      'ar-SA',
      Array.from({ length: 1200 }, (_, i) => `Sentence ${i}.`),
    );
    engine.current.start();
    expect(received.at(-1)).toMatchObject({ type: 'show', index: 0, progress: '١ / ١٬٢٠٠' });
    controller.command({ action: 'jump', index: 1099 });
    expect(received.at(-1)).toMatchObject({ type: 'show', index: 1099, progress: '١٬١٠٠ / ١٬٢٠٠' });
    controller.command({ action: 'stop' });
  });
});

/** A reading started on a page of `sentences`, with Parley set to `locale`; `received` is all the page was told. */
async function readingIn(locale: string, sentences: string[]) {
  const received: BackgroundToPage[] = [];
  const engine = new FakeEngine();
  const controller = new ReaderController({
    connect: async () => ({
      post(message) {
        received.push(message);
      },
      onMessage(listener) {
        queueMicrotask(() => listener({ type: 'prepared', sentences, start: 0, lang: 'en-US' }));
      },
      onClose() {},
      close() {},
    }),
    createEngine: () => engine,
    voice: '',
    publish: () => undefined,
    keepAlive: () => () => undefined,
    controlLabels: async () => controlLabelsFor(locale),
  });
  await controller.start({ tabId: 1, frameId: 0, from: 'start' });
  return { controller, engine, received };
}
