import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A private HOME and runtime dir for the test browser, so Chromium's
 * speech-dispatcher client autospawns its own daemon that speaks through
 * espeak-ng into libao's null driver: voices exist, events fire, nothing is
 * played, and the developer's own speechd setup is never touched.
 */
export function prepareSpeechEnv(root: string): NodeJS.ProcessEnv {
  const home = join(root, 'home');
  const runtimeDir = join(root, 'run');
  const configHome = join(home, '.config');
  mkdirSync(join(configHome, 'speech-dispatcher'), { recursive: true });
  mkdirSync(runtimeDir, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, '.libao'), 'default_driver=null\n');
  // A user speechd.conf replaces the system one wholesale, so it must name the
  // module itself; "espeak-ng.conf" still resolves to /etc/speech-dispatcher/modules.
  // LogLevel 2 keeps speechd from logging each of espeak-ng's ~13,000 voices.
  writeFileSync(
    join(configHome, 'speech-dispatcher', 'speechd.conf'),
    [
      'LogLevel 2',
      'AudioOutputMethod "libao"',
      'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"',
      'DefaultModule espeak-ng',
      '',
    ].join('\n'),
  );
  return {
    HOME: home,
    XDG_CONFIG_HOME: configHome,
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_RUNTIME_DIR: runtimeDir,
  };
}

/**
 * The daemon detaches from Chromium and would linger for its idle timeout;
 * stop it by the pid it recorded so successive launches do not pile up.
 */
export function stopSpeechDaemon(root: string): void {
  const pidFile = join(root, 'run', 'speech-dispatcher', 'pid', 'speech-dispatcher.pid');
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile, 'utf8'), 10);
  } catch {
    return; // nothing spoke, so no daemon was spawned
  }
  if (!Number.isInteger(pid) || pid <= 1) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone after its own idle timeout
  }
}
