/**
 * SSML for Microsoft's neural voices (Azure Speech and Edge read-aloud).
 * Text goes inside an element, so it is escaped; characters XML 1.0 cannot
 * hold at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) become
 * spaces, as the services reject the whole request over one of them — the
 * vertical tab of OCR'd PDFs is the usual culprit.
 */

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

const NOT_XML =
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, ' ').replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
}

const signed = (n: number, unit: string) => `${n >= 0 ? '+' : ''}${n}${unit}`;

/** Prosody rate as a relative percentage: 1.5 is '+50%', 0.75 is '-25%'. */
export function prosodyRate(rate: number): string {
  const r = Number.isFinite(rate) && rate > 0 ? rate : 1;
  return signed(Math.round((r - 1) * 100), '%');
}

/**
 * Prosody pitch. Azure takes a relative percentage; the Edge service only
 * accepts a signed Hz offset (as Edge itself sends), so there a pitch factor
 * is mapped onto ±50 Hz, about what separates a low from a high voice.
 */
export function prosodyPitch(pitch: number, unit: '%' | 'Hz'): string {
  const p = Number.isFinite(pitch) && pitch > 0 ? pitch : 1;
  return unit === '%' ? signed(Math.round((p - 1) * 100), '%') : signed(Math.round((p - 1) * 100), 'Hz');
}

export interface SsmlOptions {
  text: string;
  /** The voice name the service knows, e.g. en-US-JennyNeural. */
  voice: string;
  /** xml:lang of the document, e.g. en-US. */
  lang: string;
  rate: number;
  pitch: number;
  pitchUnit: '%' | 'Hz';
}

export function buildSsml({ text, voice, lang, rate, pitch, pitchUnit }: SsmlOptions): string {
  return (
    `<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='${escapeXml(lang)}'>` +
    `<voice name='${escapeXml(voice)}'>` +
    `<prosody pitch='${prosodyPitch(pitch, pitchUnit)}' rate='${prosodyRate(rate)}' volume='+0%'>` +
    escapeXml(text) +
    '</prosody></voice></speak>'
  );
}
