import { describe, expect, it, vi } from 'vitest';
import { azureSpeechRequest, azureSpeechUrl, azureSsml, synthesizeAzureSpeech } from '../../../../lib/speech/engines/azure-speech';

const params = { voice: 'de-DE-KatjaNeural', rate: 1.25, pitch: 0.9 };

describe('Azure Speech', () => {
  it('calls the region’s endpoint, or the custom one', () => {
    expect(azureSpeechUrl({ region: ' WestEurope ' })).toBe('https://westeurope.tts.speech.microsoft.com/cognitiveservices/v1');
    expect(azureSpeechUrl({ region: '', endpoint: 'http://127.0.0.1:8080/cognitiveservices/v1' })).toBe(
      'http://127.0.0.1:8080/cognitiveservices/v1',
    );
  });

  it('needs a region, a region that is a host label, and an endpoint safe for a key', () => {
    expect(() => azureSpeechUrl({ region: '' })).toThrow('Region is missing');
    expect(() => azureSpeechUrl({ region: 'evil.com/x' })).toThrow(
      expect.objectContaining({ error: expect.objectContaining({ code: 'invalid-url' }) }),
    );
    expect(() => azureSpeechUrl({ region: 'x', endpoint: 'http://speech.example.com/v1' })).toThrow(
      expect.objectContaining({ error: expect.objectContaining({ code: 'insecure-url' }) }),
    );
  });

  it('sends SSML with the key and output format headers', () => {
    const { url, init } = azureSpeechRequest({ key: 'k-1', region: 'eastus' }, '<speak/>');
    expect(url).toBe('https://eastus.tts.speech.microsoft.com/cognitiveservices/v1');
    expect(init).toEqual({
      method: 'POST',
      headers: {
        'ocp-apim-subscription-key': 'k-1',
        'content-type': 'application/ssml+xml',
        'x-microsoft-outputformat': 'audio-24khz-48kbitrate-mono-mp3',
      },
      body: '<speak/>',
    });
    expect(() => azureSpeechRequest({ key: ' ', region: 'eastus' }, '')).toThrow('Credential is missing');
  });

  it('speaks the voice’s language, with speed and pitch as percentages, escaping the text', () => {
    expect(azureSsml('Äpfel & <Birnen>', params)).toBe(
      "<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='de-DE'><voice name='de-DE-KatjaNeural'>" +
        "<prosody pitch='-10%' rate='+25%' volume='+0%'>Äpfel &amp; &lt;Birnen&gt;</prosody></voice></speak>",
    );
  });

  it('returns the audio, and maps a 401 with Azure’s text', async () => {
    const ok = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(new Uint8Array([7, 7]), { headers: { 'content-type': 'audio/mpeg' } }),
    );
    const audio = await synthesizeAzureSpeech(ok, { key: 'k', region: 'eastus' }, params, 'Hallo', new AbortController().signal);
    expect(audio).toMatchObject({ mime: 'audio/mpeg', marks: [] });
    expect(ok.mock.calls[0]![1]).toMatchObject({ body: expect.stringContaining('>Hallo</prosody>') });

    const denied = vi.fn(
      async () => new Response('Access denied due to invalid subscription key.', { status: 401, statusText: 'Unauthorized' }),
    );
    await expect(
      synthesizeAzureSpeech(denied, { key: 'k', region: 'eastus' }, params, 'x', new AbortController().signal),
    ).rejects.toMatchObject({
      error: { code: 'unauthorized', status: 401, message: 'Access denied due to invalid subscription key.', provider: 'azure-speech' },
    });
  });
});
