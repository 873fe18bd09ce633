import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCANNED = ['tests', 'scripts'];
const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
const SELF = relative(ROOT, import.meta.filename);

/**
 * A fixed port fails the suite for a developer whose real service already holds
 * it (Ollama's 11434): servers listen on port 0 and tests inject the address.
 */
const FIXED_PORT = [/\.listen\(\s*[1-9]\d*/, /\bport\s*[:=]\s*['"]?[1-9]\d*/i];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return SOURCE.test(entry.name) && path !== SELF ? [path] : [];
  });
}

function fixedPorts(text: string): string[] {
  return text.split('\n').filter((line) => FIXED_PORT.some((pattern) => pattern.test(line)));
}

describe('tests and scripts bind no fixed port', () => {
  it('recognises a fixed port and lets port 0 or a computed port through', () => {
    expect(fixedPorts("server.listen(11434, '127.0.0.1')")).toHaveLength(1);
    expect(fixedPorts("startOllamaMock({ models: ['qwen3'], port: 11434 })")).toHaveLength(1);
    expect(fixedPorts('--remote-debugging-port=9222')).toHaveLength(1);
    expect(fixedPorts("server.listen(0, '127.0.0.1')")).toEqual([]);
    expect(fixedPorts('port: Number(url.port)')).toEqual([]);
    expect(fixedPorts('port: 0')).toEqual([]);
  });

  it('finds none in tests/ or scripts/', () => {
    const files = SCANNED.flatMap(sources);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) => fixedPorts(readFileSync(join(ROOT, file), 'utf8')).map((line) => `${file}: ${line.trim()}`));
    expect(found).toEqual([]);
  });
});
