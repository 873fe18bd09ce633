import { connect, type Socket } from 'node:net';

/**
 * A minimal client for Marionette, Firefox's built-in remote protocol (the one
 * geckodriver speaks): JSON arrays framed as `<length>:<json>` over TCP. It needs
 * no driver download, which this project cannot do.
 */
export class Marionette {
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private hello?: () => void;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk) => this.read(chunk));
    socket.on('close', () => this.failAll(new Error('Marionette connection closed')));
    socket.on('error', (error) => this.failAll(error));
  }

  static async open(port: number, timeoutMs: number): Promise<Marionette> {
    const socket = connect({ host: '127.0.0.1', port });
    const client = new Marionette(socket);
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        client.hello = resolve;
        socket.once('error', reject);
      }),
      timeoutMs,
      'the Marionette greeting',
    );
    return client;
  }

  /** Sends one command; resolves with its `value` (or whole result) or rejects with Firefox's error. */
  async send<T>(command: string, params: Record<string, unknown> = {}, timeoutMs = 15_000): Promise<T> {
    const id = this.nextId++;
    const body = Buffer.from(JSON.stringify([0, id, command, params]));
    const answer = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.socket.write(Buffer.concat([Buffer.from(`${body.length}:`), body]));
    const result = (await withTimeout(answer, timeoutMs, command)) as { value?: T } | null;
    return (result && typeof result === 'object' && 'value' in result ? result.value : result) as T;
  }

  close(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const colon = this.buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(this.buffer.subarray(0, colon).toString());
      if (this.buffer.length < colon + 1 + length) return;
      const message: unknown = JSON.parse(this.buffer.subarray(colon + 1, colon + 1 + length).toString());
      this.buffer = this.buffer.subarray(colon + 1 + length);
      this.dispatch(message);
    }
  }

  private dispatch(message: unknown): void {
    if (!Array.isArray(message)) {
      this.hello?.();
      this.hello = undefined;
      return;
    }
    const [, id, error, result] = message as [number, number, { error: string; message: string } | null, unknown];
    const waiter = this.pending.get(id);
    this.pending.delete(id);
    if (error) waiter?.reject(new Error(`${error.error}: ${error.message}`));
    else waiter?.resolve(result);
  }

  private failAll(error: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
