import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishStrings } from '../../../lib/i18n/i18n';
import { PROVIDER_KINDS } from '../../../lib/core/providers';
import { LATE_SECTIONS } from '../../../lib/i18n/sections';
import {
  componentFiles,
  hardCodedText,
  modulesWithoutLateStrings,
  projectCompilerOptions,
  translationKeys,
  type KeyUse,
} from './component-scan';
import { flatten } from './strings';

/** Text that is the same in every language: product names, symbols and code the user copies. */
const ALLOWED_TEXT = new Set([
  'OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*',
  '{"X-Header": "value"}',
  'https://…/manifest.json',
  'https://…/mcp',
]);

const english = flatten(await englishStrings());

function hasKey(key: string): boolean {
  return typeof english.get(key) === 'string' || typeof english.get(`${key}_other`) === 'string';
}

function hasBranch(prefix: string): boolean {
  const branch = prefix.replace(/\.?[^.]*$/, '');
  return [...english.keys()].some((key) => key.startsWith(`${branch}.`));
}

const at = (use: KeyUse) => `${use.file}:${use.line}`;

describe('component text', () => {
  it('has no visible text outside i18next', () => {
    const found = componentFiles(/\.tsx$/).flatMap((file) => hardCodedText(file, readFileSync(file, 'utf8'), ALLOWED_TEXT));
    expect(found.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  it('needs every allowed exception', () => {
    const all = componentFiles(/\.tsx$/).flatMap((file) => hardCodedText(file, readFileSync(file, 'utf8')));
    expect([...ALLOWED_TEXT].filter((text) => !all.some((f) => f.text === text))).toEqual([]);
  });

  it('the scan catches text between tags, shown literals and readable attributes', () => {
    const bad = `
      export function Bad({ t, on }: { t: (k: string) => string; on: boolean }) {
        return (
          <section aria-label="Settings" title={on ? t('a') : 'Off'}>
            <h2>Welcome back</h2>
            {on && 'Loading'}
            <img alt="Logo" src="x.png" className="logo" />
            <input placeholder={\`Search \${t('b')}\`} data-test="not-visible" />
            <p>{t('ok')} · {42}</p>
            <code>OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*</code>
          </section>
        );
      }`;
    expect(hardCodedText('components/Bad.tsx', bad, ALLOWED_TEXT).map((f) => `${f.line} ${f.text}`)).toEqual([
      '4 Settings',
      '4 Off',
      '5 Welcome back',
      '6 Loading',
      '7 Logo',
      '8 Search',
    ]);
  });
});

describe('translation keys used by components', () => {
  let uses: KeyUse[] = [];
  // Type-checks the components: slow enough to need more than the default timeout.
  beforeAll(() => {
    uses = translationKeys(componentFiles(), projectCompilerOptions());
  }, 60_000);

  it('finds the keys it is meant to find', () => {
    const keys = new Set(uses.flatMap((u) => (u.kind === 'exact' ? [u.key] : [])));
    // A literal, a plural, a template over a union type, and a Set-guarded template.
    for (const key of ['nav.newChat', 'onboarding.foundOllama', 'errors.quota-exceeded.title', 'reader.errors.timeout']) {
      expect(keys).toContain(key);
    }
    expect(keys).not.toContain('reader.errors.quota-exceeded');
  });

  it('uses only keys that exist in en-US', () => {
    const missing = uses.flatMap((u) => {
      if (u.kind === 'exact') return hasKey(u.key) ? [] : [`${at(u)} ${u.key}`];
      if (u.kind === 'prefix') return hasBranch(u.prefix) ? [] : [`${at(u)} ${u.text}`];
      return [];
    });
    expect(missing).toEqual([]);
  });

  it('can tell every key a component asks for', () => {
    expect(uses.filter((u) => u.kind === 'unresolved').map((u) => `${at(u)} t(${u.kind === 'unresolved' ? u.text : ''})`)).toEqual([]);
  });

  it('shows no late string in a module the panel runs before asking for them', () => {
    const late = (key: string) => LATE_SECTIONS.includes(key.split('.')[0]!);
    const showing = new Set(
      uses.flatMap((u) => ((u.kind === 'exact' && late(u.key)) || (u.kind === 'prefix' && late(u.prefix)) ? [u.file] : [])),
    );
    expect(showing).toContain('components/history/HistoryView.tsx');
    const early = modulesWithoutLateStrings('entrypoints/sidepanel/sidepanel.tsx', projectCompilerOptions());
    expect(early).toContain('components/chat/Composer.tsx');
    expect([...showing].filter((file) => early.has(file))).toEqual([]);
  });

  it('loads every part of the panel on demand together with the late strings', () => {
    const loader = 'components/common/on-demand.tsx';
    const bare = componentFiles().filter((file) => !file.endsWith(loader) && /\blazy\(/.test(readFileSync(file, 'utf8')));
    expect(bare).toEqual([]);
  });

  it('has a label for every provider setting and every choice of a select', () => {
    const missing = PROVIDER_KINDS.flatMap((kind) =>
      kind.fields.flatMap((field) => [
        `settings.field.${field.label}`,
        ...(field.type === 'select' ? (field.options ?? []).map((option) => `settings.option.${field.key}.${option}`) : []),
      ]),
    ).filter((key) => !hasKey(key));
    expect(missing).toEqual([]);
  });
});
