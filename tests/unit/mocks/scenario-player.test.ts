import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playStream, startMockHttpServer, type MockHttpServer, type Scenario, type StreamWire } from '../../mocks/scenario';

/** A wire whose frames name what the player asked for, one a line. */
const namingWire: StreamWire = {
  headers: { 'content-type': 'text/plain' },
  opening: ['open\n'],
  textStart: (text) => [`start:${text.length}\n`],
  text: (piece) => `text:${piece}\n`,
  textDone: () => ['done\n'],
  textEnd: () => ['end\n'],
  toolCall: (call, index) => [`call:${index}:${call.name}\n`],
  finish: ({ reason, calls, text }) => [`finish:${reason ?? '-'}:${calls.length}:${text}\n`],
  error: (message) => `error:${message ?? '-'}\n`,
  malformed: 'malformed\n',
};

describe('the scenario player every streaming mock shares', () => {
  let server: MockHttpServer;
  let next: Scenario;
  beforeAll(async () => {
    server = await startMockHttpServer((_req, res) => playStream(res, next, namingWire));
  });
  afterAll(() => server.close());

  async function play(scenario: Scenario): Promise<string[]> {
    next = scenario;
    const res = await fetch(server.origin);
    return (await res.text()).split('\n').filter(Boolean);
  }

  it('streams text in pieces between its start and end, then the finish with the scenario’s own reason', async () => {
    expect(await play({ kind: 'text', text: 'abcdef', chunkSize: 4, finishReason: 'length' })).toEqual([
      'open',
      'start:6',
      'text:abcd',
      'text:ef',
      'end',
      'finish:length:0:abcdef',
    ]);
  });

  it('settles the text before the tool calls, one by one, and finishes naming them', async () => {
    const scenario: Scenario = {
      kind: 'tool-calls',
      text: 'hm',
      calls: [
        { name: 'f', arguments: '{}' },
        { name: 'g', arguments: '{}' },
      ],
    };
    expect(await play(scenario)).toEqual(['open', 'start:2', 'text:hm', 'done', 'end', 'call:0:f', 'call:1:g', 'finish:-:2:']);
  });

  it('ends a broken reply its own way, after all of the text and without a finish', async () => {
    expect(await play({ kind: 'error-after', text: 'ab', message: 'boom' })).toEqual(['open', 'start:2', 'text:ab', 'done', 'error:boom']);
    expect(await play({ kind: 'malformed' })).toEqual(['open', 'start:0', 'done', 'malformed']);
    expect(await play({ kind: 'cut-off', text: 'ab' })).toEqual(['open', 'start:2', 'text:ab', 'done']);
  });

  it('cuts the connection after the text on drop-after', async () => {
    next = { kind: 'drop-after', text: 'ab' };
    const res = await fetch(server.origin);
    await expect(res.text()).rejects.toThrow();
  });
});
