import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, listFormat, numberFormat } from '../../../lib/i18n/formats';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('kept formatters', () => {
  it('hands back the same formatter for the same language and options', () => {
    const seconds = { style: 'unit', unit: 'second', maximumFractionDigits: 1 } as const;
    expect(numberFormat('en-US', seconds)).toBe(numberFormat('en-US', { ...seconds }));
    expect(dateTimeFormat('en-US', { timeStyle: 'short' })).toBe(dateTimeFormat('en-US', { timeStyle: 'short' }));
    expect(listFormat('en-US', { type: 'conjunction' })).toBe(listFormat('en-US', { type: 'conjunction' }));
  });

  it('keeps languages, options and kinds apart', () => {
    const seconds = { style: 'unit', unit: 'second', maximumFractionDigits: 1 } as const;
    expect(numberFormat('en-US', seconds).format(1.5)).toBe('1.5 sec');
    expect(numberFormat('de-DE', seconds).format(1.5)).toBe('1,5 Sek.');
    expect(numberFormat('en-US', { style: 'percent' }).format(0.5)).toBe('50%');
    expect(numberFormat('en-US').format(1234)).toBe('1,234');
    expect(listFormat('en-US', { type: 'conjunction' }).format(['a', 'b', 'c'])).toBe('a, b, and c');
    expect(listFormat('en-US', { type: 'disjunction' }).format(['a', 'b'])).toBe('a or b');
    const noon = Date.UTC(2026, 0, 2, 12);
    expect(dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(noon)).toBe('Jan 2, 2026');
    expect(dateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' }).format(noon)).toBe('12:00 PM');
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
