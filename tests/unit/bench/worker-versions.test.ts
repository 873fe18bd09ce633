import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeClock } from '../support/fake-clock';
import { WorkerVersions, type WorkerVersion } from '../../../scripts/bench/worker-versions';

const ours = 'chrome-extension://abc/background.js';
const version = (runningStatus: string, scriptURL = ours): WorkerVersion => ({
  versionId: '1',
  scriptURL,
  status: 'activated',
  runningStatus,
});
const stopped = (known: WorkerVersion[]) => known.length > 0 && known.every((v) => v.runningStatus === 'stopped');

afterEach(() => vi.useRealTimers());

describe("the bench's wait for the worker", () => {
  it('ends on the event that brings the state, and ignores other workers', async () => {
    const versions = new WorkerVersions((v) => v.scriptURL === ours);
    versions.update([version('running')]);
    let done = false;
    const waited = versions.until('stop', stopped).then((known) => ((done = true), known));
    versions.update([version('stopped', 'https://example.com/sw.js')]);
    await Promise.resolve();
    expect(done).toBe(false);
    versions.update([version('stopping')]);
    versions.update([version('stopped')]);
    expect(await waited).toEqual([version('stopped')]);
  });

  it('ends at once when the state holds already', async () => {
    const versions = new WorkerVersions(() => true);
    versions.update([version('stopped')]);
    await expect(versions.until('stop', stopped)).resolves.toHaveLength(1);
  });

  it('gives up at its time limit, saying what the worker did not do', async () => {
    installFakeClock();
    const versions = new WorkerVersions(() => true);
    versions.update([version('running')]);
    const waited = versions.until('stop', stopped, 10_000);
    const failed = expect(waited).rejects.toThrow("the extension's worker did not stop within 10 s");
    vi.advanceTimersByTime(9_999);
    versions.update([version('stopping')]);
    vi.advanceTimersByTime(1);
    await failed;
  });
});
