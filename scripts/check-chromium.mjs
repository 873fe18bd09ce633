// The end-to-end tests drive a real Chromium with the built extension loaded;
// fail before any build or test work if there is none to drive.
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH if set (and executable), else the first Debian/Ubuntu location that exists. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find(isExecutable);
}

/** The Chromium to use; prints how to get one and exits 1 when there is none. */
export function requireChromium() {
  const chromium = findChromium();
  if (!chromium) {
    const looked = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH}` : CANDIDATES.join(', ');
    console.error(
      [
        `Chromium not found (looked at ${looked}).`,
        'The end-to-end tests and `npm start` need it. Install it with:',
        '  sudo apt-get install -y chromium            (Debian/Ubuntu)',
        'or point CHROMIUM_PATH at a Chromium binary.',
        'Speech tests also need: sudo apt-get install -y speech-dispatcher speech-dispatcher-espeak-ng espeak-ng',
      ].join('\n'),
    );
    process.exit(1);
  }
  return chromium;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`Using Chromium at ${requireChromium()}`);
}
