import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
/** Where the field's label, hint and error are written once; every other form uses it. */
const HOME = join('components', 'ui');

/**
 * A field written by hand: one of the old `field` classes, the field component's own classes, or a label tied to
 * its control by hand. Each was once a second field style that drifted from the first.
 */
const HAND_WRITTEN = [/className=[^>]*?["'`\s](?:ui-)?field(?:-inline|-error|-invalid)?(?=["'`\s$])/, /<label\b[^>]*\bhtmlFor=/];

function components(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === HOME ? [] : components(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

function handWrittenFields(text: string): string[] {
  return text.split('\n').filter((line) => HAND_WRITTEN.some((pattern) => pattern.test(line)));
}

describe('every form field is the Field component', () => {
  it('recognises a hand-written field and lets the component and other classes through', () => {
    expect(handWrittenFields('<div className="field">')).toHaveLength(1);
    expect(handWrittenFields('<label key={k} className="field field-inline">')).toHaveLength(1);
    expect(handWrittenFields('<p className="field-error" role="alert">')).toHaveLength(1);
    expect(handWrittenFields('<div className={`ui-field${error ? " bad" : ""}`}>')).toHaveLength(1);
    expect(handWrittenFields('<label htmlFor={`${id}-rate`}>{t("rate")}</label>')).toHaveLength(1);
    expect(handWrittenFields('<Field label={t("name")}>')).toEqual([]);
    expect(handWrittenFields('<ul className="plugin-fields">')).toEqual([]);
    expect(handWrittenFields('<div key={f.key} className="provider-field">')).toEqual([]);
    expect(handWrittenFields('<output htmlFor={id}>{text}</output>')).toEqual([]);
  });

  it('finds none in components/ outside the design system', () => {
    const files = components('components');
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      handWrittenFields(readFileSync(join(ROOT, file), 'utf8')).map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
