import { describe, expect, it } from 'vitest';
import { buildSsml, escapeXml, prosodyPitch, prosodyRate } from '../../../lib/speech/ssml';

describe('SSML', () => {
  it('escapes the five XML specials and replaces characters XML cannot hold', () => {
    expect(escapeXml(`Tom & "Jerry" <b>'s</b>`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s&lt;/b&gt;');
    expect(escapeXml('tab\tline\nvt\u000bff\u000cnul\u0000')).toBe('tab\tline\nvt ff nul ');
    expect(escapeXml('lone \ud800 high, lone \udc00 low, pair 😀')).toBe('lone   high, lone   low, pair 😀');
    expect(escapeXml('\ufffe\uffff')).toBe('  ');
  });

  it('expresses speed and pitch as relative prosody values', () => {
    expect(prosodyRate(1)).toBe('+0%');
    expect(prosodyRate(1.5)).toBe('+50%');
    expect(prosodyRate(0.75)).toBe('-25%');
    expect(prosodyRate(Number.NaN)).toBe('+0%');
    expect(prosodyPitch(1.2, '%')).toBe('+20%');
    expect(prosodyPitch(0.5, 'Hz')).toBe('-50Hz');
    expect(prosodyPitch(1, 'Hz')).toBe('+0Hz');
  });

  it('wraps escaped text in speak, voice and prosody, escaping the attributes too', () => {
    expect(buildSsml({ text: 'a < b', voice: "x'y", lang: 'en-US', rate: 1.1, pitch: 0.9, pitchUnit: '%' })).toBe(
      "<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='en-US'>" +
        "<voice name='x&apos;y'><prosody pitch='-10%' rate='+10%' volume='+0%'>a &lt; b</prosody></voice></speak>",
    );
  });
});
