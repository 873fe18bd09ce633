import { readdirSync, readFileSync } from 'node:fs';

const root = new URL('../../fixtures/plugins/', import.meta.url);

export function fixtureText(relative: string): string {
  return readFileSync(new URL(relative, root), 'utf8');
}

export function fixtureJson<T = Record<string, unknown>>(relative: string): T {
  return JSON.parse(fixtureText(relative)) as T;
}

export function manifestFixtureNames(): string[] {
  return readdirSync(new URL('manifests/', root)).filter((name) => name.endsWith('.json'));
}
