/** A worker version as the DevTools ServiceWorker domain reports it. */
export interface WorkerVersion {
  versionId: string;
  scriptURL: string;
  status: string;
  runningStatus: string;
}

/**
 * The extension's worker versions as ServiceWorker.workerVersionUpdated events report them, and waits for them to
 * reach a state: each wait ends on the event that brings it, not on a poll, so a busy machine delays it only as much
 * as it delays the worker itself.
 */
export class WorkerVersions {
  private readonly versions = new Map<string, WorkerVersion>();
  private readonly waiting = new Set<() => void>();

  constructor(private readonly isOurs: (version: WorkerVersion) => boolean) {}

  /** Takes in one workerVersionUpdated event's versions. */
  update(versions: readonly WorkerVersion[]): void {
    for (const version of versions) if (this.isOurs(version)) this.versions.set(version.versionId, version);
    for (const check of [...this.waiting]) check();
  }

  /** Resolves once `holds` is true of the versions known (now or after an update); rejects after `timeoutMs`. */
  until(what: string, holds: (versions: WorkerVersion[]) => boolean, timeoutMs = 10_000): Promise<WorkerVersion[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const versions = [...this.versions.values()];
        if (!holds(versions)) return;
        stop();
        resolve(versions);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`the extension's worker did not ${what} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const stop = () => {
        clearTimeout(timer);
        this.waiting.delete(check);
      };
      this.waiting.add(check);
      check();
    });
  }
}
