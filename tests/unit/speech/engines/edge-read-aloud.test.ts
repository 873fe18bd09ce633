import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EDGE_READ_ALOUD_URL,
  WordLocator,
  binaryMessage,
  edgeOriginRule,
  edgeSocketUrl,
  edgeSsml,
  edgeTimestamp,
  edgeVoiceName,
  parseBinaryMessage,
  parseTextMessage,
  secMsGec,
  speechConfigMessage,
  ssmlMessage,
  synthesizeEdgeSpeech,
  wordBoundaries,
  type SocketLike,
} from '../../../../lib/speech/engines/edge-read-aloud';

const TOKEN = '6A5AA1D4EAFF4E9FB37E23D68491D6F4';
/** 2025-01-01 00:02:30 UTC: 13380163350 s after 1601-01-01, 13380163200 rounded down to five minutes. */
const NOW = Date.UTC(2025, 0, 1, 0, 2, 30);
const sha = (text: string) => createHash('sha256').update(text).digest('hex').toUpperCase();

describe('Edge read-aloud tokens and URL', () => {
  it('hashes the Windows file time, rounded down to five minutes, in 100 ns ticks, with the client token', async () => {
    const token = await secMsGec(NOW);
    expect(token).toBe(sha(`133801632000000000${TOKEN}`));
    expect(await secMsGec(NOW + 149_000)).toBe(token);
    expect(await secMsGec(NOW + 150_000)).toBe(sha(`133801635000000000${TOKEN}`));
  });

  it('puts the client token, connection id and Sec-MS-GEC pair on the socket URL', async () => {
    const url = new URL(await edgeSocketUrl(undefined, NOW, 'abc123'));
    expect(`${url.origin}${url.pathname}`).toBe(EDGE_READ_ALOUD_URL);
    expect(url.searchParams.get('TrustedClientToken')).toBe(TOKEN);
    expect(url.searchParams.get('ConnectionId')).toBe('abc123');
    expect(url.searchParams.get('Sec-MS-GEC')).toBe(await secMsGec(NOW));
    expect(url.searchParams.get('Sec-MS-GEC-Version')).toMatch(/^1-\d+\.\d+\.\d+\.\d+$/);
  });

  it('accepts a custom wss endpoint, or ws on this machine only', async () => {
    expect(await edgeSocketUrl('ws://127.0.0.1:9000/edge?x=1', NOW, 'id')).toMatch(
      /^ws:\/\/127\.0\.0\.1:9000\/edge\?x=1&TrustedClientToken=/,
    );
    await expect(edgeSocketUrl('ws://tts.example.com/edge', NOW, 'id')).rejects.toMatchObject({ error: { code: 'invalid-url' } });
    await expect(edgeSocketUrl('https://tts.example.com/edge', NOW, 'id')).rejects.toMatchObject({ error: { code: 'invalid-url' } });
  });
});

describe('Edge read-aloud messages', () => {
  it('stamps messages the way JavaScript prints a UTC date', () => {
    expect(edgeTimestamp(new Date(NOW))).toBe('Wed Jan 01 2025 00:02:30 GMT+0000 (Coordinated Universal Time)');
  });

  it('frames speech.config and ssml as headers, a blank line and the body', () => {
    const config = speechConfigMessage('T');
    expect(config).toBe(
      'X-Timestamp:T\r\nContent-Type:application/json; charset=utf-8\r\nPath:speech.config\r\n\r\n' +
        '{"context":{"synthesis":{"audio":{"metadataoptions":{"sentenceBoundaryEnabled":false,"wordBoundaryEnabled":true},' +
        '"outputFormat":"audio-24khz-48kbitrate-mono-mp3"}}}}\r\n',
    );
    expect(ssmlMessage('rid', 'T', '<speak/>')).toBe(
      'X-RequestId:rid\r\nContent-Type:application/ssml+xml\r\nX-Timestamp:TZ\r\nPath:ssml\r\n\r\n<speak/>',
    );
  });

  it('names voices in Edge’s long form inside escaped SSML', () => {
    expect(edgeVoiceName('en-US-JennyNeural')).toBe('Microsoft Server Speech Text to Speech Voice (en-US, JennyNeural)');
    expect(edgeVoiceName('zh-CN-liaoning-XiaobeiNeural')).toBe(
      'Microsoft Server Speech Text to Speech Voice (zh-CN-liaoning, XiaobeiNeural)',
    );
    expect(edgeSsml('1 < 2', { voice: 'fr-FR-DeniseNeural', rate: 0.8, pitch: 1.1 })).toBe(
      "<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='fr-FR'>" +
        "<voice name='Microsoft Server Speech Text to Speech Voice (fr-FR, DeniseNeural)'>" +
        "<prosody pitch='+10Hz' rate='-20%' volume='+0%'>1 &lt; 2</prosody></voice></speak>",
    );
  });

  it('parses text messages into headers and body', () => {
    expect(parseTextMessage('X-RequestId:1\r\nContent-Type:application/json\r\nPath:turn.start\r\n\r\n{"a":1}')).toEqual({
      headers: { 'x-requestid': '1', 'content-type': 'application/json', path: 'turn.start' },
      body: '{"a":1}',
    });
    expect(parseTextMessage('Path:turn.end')).toEqual({ headers: { path: 'turn.end' }, body: '' });
  });

  it('parses binary messages: a 16-bit big-endian header length, the headers, then the audio', () => {
    const frame = binaryMessage('X-RequestId:1\r\nContent-Type:audio/mpeg\r\nPath:audio\r\n', new Uint8Array([9, 8, 7]));
    const headerLength = (frame[0]! << 8) | frame[1]!;
    expect(headerLength).toBe('X-RequestId:1\r\nContent-Type:audio/mpeg\r\nPath:audio\r\n'.length);
    const parsed = parseBinaryMessage(frame.slice().buffer);
    expect(parsed.headers).toEqual({ 'x-requestid': '1', 'content-type': 'audio/mpeg', path: 'audio' });
    expect([...parsed.body]).toEqual([9, 8, 7]);
    expect(() => parseBinaryMessage(new Uint8Array([0]).buffer)).toThrow('header length');
    expect(() => parseBinaryMessage(new Uint8Array([0, 50, 1]).buffer)).toThrow('shorter');
  });

  it('reads word boundaries (100 ns ticks) and places the words in the spoken text in order', () => {
    const body = JSON.stringify({
      Metadata: [
        {
          Type: 'WordBoundary',
          Data: { Offset: 1_000_000, Duration: 2_500_000, text: { Text: 'the', Length: 3, BoundaryType: 'WordBoundary' } },
        },
        {
          Type: 'WordBoundary',
          Data: { Offset: 4_000_000, Duration: 2_000_000, text: { Text: 'cat', Length: 3, BoundaryType: 'WordBoundary' } },
        },
        { Type: 'SessionEnd', Data: { Offset: 9_000_000 } },
      ],
    });
    const words = wordBoundaries(body);
    expect(words).toEqual([
      { time: 100, duration: 250, text: 'the' },
      { time: 400, duration: 200, text: 'cat' },
    ]);
    const locator = new WordLocator('See the cat, then the dog.');
    expect(words.map((w) => locator.locate(w))).toEqual([
      { time: 100, charIndex: 4, charLength: 3 },
      { time: 400, charIndex: 8, charLength: 3 },
    ]);
    expect(locator.locate({ time: 500, duration: 0, text: 'mouse' })).toBeUndefined();
    expect(locator.locate({ time: 600, duration: 0, text: 'the' })).toMatchObject({ charIndex: 18 });
    expect(new WordLocator('今日はいい天気').locate({ time: 0, duration: 0, text: '天気' })).toMatchObject({ charIndex: 5, charLength: 2 });
    expect(() => wordBoundaries('{')).toThrow('not JSON');
  });

  it('sets Edge’s Origin only on the read-aloud handshake this extension opens', () => {
    expect(edgeOriginRule('ext-id', 7100)).toMatchObject({
      id: 7100,
      action: {
        type: 'modifyHeaders',
        requestHeaders: [{ header: 'origin', operation: 'set', value: 'chrome-extension://jdiccldimpdaibmpdkjnbmckianbfold' }],
      },
      condition: { urlFilter: `|${EDGE_READ_ALOUD_URL}`, initiatorDomains: ['ext-id'], tabIds: [-1], resourceTypes: ['websocket'] },
    });
  });
});

class FakeSocket implements SocketLike {
  binaryType = 'blob';
  sent: string[] = [];
  closed: number | undefined;
  private listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closed = code;
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event: object = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event as Event);
  }
  text(path: string, body = '') {
    this.emit('message', { data: `X-RequestId:r\r\nContent-Type:application/json; charset=utf-8\r\nPath:${path}\r\n\r\n${body}` });
  }
  audio(bytes: number[]) {
    this.emit('message', {
      data: binaryMessage('X-RequestId:r\r\nContent-Type:audio/mpeg\r\nPath:audio', new Uint8Array(bytes)).slice().buffer,
    });
  }
}

function start(text = 'Hello big world.', signal = new AbortController().signal) {
  let socket: FakeSocket | undefined;
  const done = synthesizeEdgeSpeech(
    {
      openSocket: (url) => (socket = new FakeSocket(url)),
      endpoint: 'ws://127.0.0.1:1/edge',
      now: () => NOW,
    },
    { voice: 'en-US-AriaNeural', rate: 1, pitch: 1 },
    text,
    signal,
  );
  const opened = async () => {
    for (let i = 0; i < 50 && !socket; i++) await new Promise((r) => setTimeout(r, 1));
    return socket!;
  };
  return { done, opened };
}

describe('an Edge read-aloud request', () => {
  it('sends the config then the SSML, gathers audio and word marks, and closes at turn.end', async () => {
    const { done, opened } = start();
    const socket = await opened();
    expect(socket.binaryType).toBe('arraybuffer');
    expect(socket.url).toContain('Sec-MS-GEC=');
    socket.emit('open');
    expect(socket.sent).toHaveLength(2);
    expect(parseTextMessage(socket.sent[0]!).headers.path).toBe('speech.config');
    const ssml = parseTextMessage(socket.sent[1]!);
    expect(ssml.headers).toMatchObject({
      path: 'ssml',
      'content-type': 'application/ssml+xml',
      'x-timestamp': expect.stringMatching(/Time\)Z$/),
    });
    expect(ssml.body).toContain('(en-US, AriaNeural)');
    expect(ssml.body).toContain('>Hello big world.</prosody>');

    socket.text('turn.start', '{}');
    socket.text('response', '{}');
    socket.audio([1, 2]);
    socket.text(
      'audio.metadata',
      JSON.stringify({ Metadata: [{ Type: 'WordBoundary', Data: { Offset: 500_000, Duration: 1, text: { Text: 'big' } } }] }),
    );
    socket.audio([3]);
    socket.audio([]);
    socket.text('turn.end', '{}');
    const audio = await done;
    expect([...new Uint8Array(audio.bytes)]).toEqual([1, 2, 3]);
    expect(audio).toMatchObject({ mime: 'audio/mpeg', marks: [{ time: 50, charIndex: 6, charLength: 3 }] });
    expect(socket.closed).toBe(1000);
  });

  it('fails with a network error when the service closes early, as a refused handshake does', async () => {
    const { done, opened } = start();
    const socket = await opened();
    socket.emit('error');
    socket.emit('close', { code: 1006, reason: '' });
    await expect(done).rejects.toMatchObject({ error: { code: 'network', provider: 'edge-read-aloud' } });
  });

  it('fails when a turn ends without audio, or audio comes before the turn', async () => {
    const empty = start();
    const s1 = await empty.opened();
    s1.text('turn.start');
    s1.text('turn.end');
    await expect(empty.done).rejects.toMatchObject({ error: { code: 'server-error' } });

    const early = start();
    (await early.opened()).audio([1]);
    await expect(early.done).rejects.toMatchObject({ error: { code: 'malformed-stream' } });
  });

  it('closes the socket at once when stopped', async () => {
    const controller = new AbortController();
    const { done, opened } = start('Hi.', controller.signal);
    const socket = await opened();
    socket.emit('open');
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(socket.closed).toBe(1000);
  });
});
