import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { formatDateTime, formatList, formatNumber } from '../../../lib/i18n/formats';

const ROOT = resolve(import.meta.dirname, '../../..');

async function inLanguage(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: {} });
  return i18n;
}

describe('formatting in the interface language', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds one Intl formatter per language and options, and keeps it', async () => {
    const i18n = await inLanguage('en-US');
    const built = vi.spyOn(Intl, 'NumberFormat');
    const seconds = { style: 'unit', unit: 'second', maximumFractionDigits: 1 } as const;
    formatNumber(i18n, 1.5, seconds);
    formatNumber(i18n, 2.5, { ...seconds });
    expect(built).toHaveBeenCalledTimes(1);
    formatNumber(i18n, 0.5, { style: 'percent' });
    expect(built).toHaveBeenCalledTimes(2);
  });

  it('keeps languages, options and kinds apart', async () => {
    const [en, de] = await Promise.all([inLanguage('en-US'), inLanguage('de-DE')]);
    const seconds = { style: 'unit', unit: 'second', maximumFractionDigits: 1 } as const;
    expect(formatNumber(en, 1.5, seconds)).toBe('1.5 sec');
    expect(formatNumber(de, 1.5, seconds)).toBe('1,5 Sek.');
    expect(formatNumber(en, 0.5, { style: 'percent' })).toBe('50%');
    expect(formatNumber(en, 1234)).toBe('1,234');
    expect(formatList(en, ['a', 'b', 'c'], { type: 'conjunction' })).toBe('a, b, and c');
    expect(formatList(en, ['a', 'b'], { type: 'disjunction' })).toBe('a or b');
    const noon = Date.UTC(2026, 0, 2, 12);
    expect(formatDateTime(en, noon, { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Jan 2, 2026');
    expect(formatDateTime(en, noon, { timeStyle: 'short', timeZone: 'UTC' })).toBe('12:00 PM');
  });
});

/** Views render often; one that builds its formatter in render pays for it on every frame (see lib/i18n/formats.ts). */
describe('views build no Intl formatter of their own', () => {
  const views = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return views(path);
      return /\.tsx?$/.test(entry.name) ? [path] : [];
    });
  const building = /new Intl\.(?:NumberFormat|DateTimeFormat|ListFormat|RelativeTimeFormat|PluralRules)\b/;

  it('recognises one', () => {
    expect(building.test("const f = new Intl.NumberFormat(i18n.language, { style: 'percent' });")).toBe(true);
    expect(building.test("const f = numberFormat(i18n.language, { style: 'percent' });")).toBe(false);
  });

  it('finds none in components/', () => {
    const files = views('components');
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((path) => building.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
