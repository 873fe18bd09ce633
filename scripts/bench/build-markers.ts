import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the bench waits for or tells apart in the panel, and the text a build carries when it has it. */
const MARKERS = [
  {
    what: "the early message box (#early-composer), which tells the early box's figures from the app's",
    file: 'sidepanel.html',
    text: 'id="early-composer"',
  },
  { what: 'the model picker (button.model-picker), whose choice ends the input-ready runs', file: 'scripts', text: 'model-picker' },
  {
    what: "the last screen's copy (#early-screen), which the long conversation's usable figure counts",
    file: 'scripts',
    text: 'early-screen',
  },
] as const;

/**
 * What of MARKERS a build lacks: a build that renamed one would time out on it, or be timed on something else, so
 * the bench says so before it measures. Read from the build's output, as each build of an A/B run has its own.
 */
export function missingMarkers(extensionDir: string): string[] {
  const scripts = ['.', 'chunks'].flatMap((dir) =>
    readdirSync(join(extensionDir, dir))
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(extensionDir, dir, name), 'utf8')),
  );
  const page = readFileSync(join(extensionDir, 'sidepanel.html'), 'utf8');
  return MARKERS.filter(({ file, text }) => (file === 'scripts' ? !scripts.some((s) => s.includes(text)) : !page.includes(text))).map(
    ({ what }) => what,
  );
}
