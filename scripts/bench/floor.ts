import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The floor page's path in the extension copy. */
export const FLOOR_PAGE = 'bench-floor.html';

/**
 * An extension page with nothing but a labelled, autofocused message box: no script, no style. How soon it takes
 * typing is the least any extension page can take in this browser on this machine (the navigation, the process,
 * the document), so the input-ready figures print it beside Parley's: on a slow or busy machine a bare page alone
 * missed the 140 ms goal, and only the difference is Parley's to cut.
 */
const FLOOR_HTML = `<!DOCTYPE html>
<html lang="en">
  <head><meta charset="UTF-8"><title>Floor</title></head>
  <body><textarea aria-label="Message" autofocus></textarea></body>
</html>
`;

/** A copy of the built extension with the floor page added, so the build itself is left as it was. */
export function extensionWithFloor(extensionDir: string): { dir: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'parley-bench-floor-'));
  const dir = join(root, 'extension');
  cpSync(extensionDir, dir, { recursive: true });
  writeFileSync(join(dir, FLOOR_PAGE), FLOOR_HTML);
  return { dir, remove: () => rmSync(root, { recursive: true, force: true, maxRetries: 3 }) };
}
