import { describe, expect, it } from 'vitest';
import { createSpeechTextStream } from '../../../lib/speech/speech-text';

/** A whole answer at once, through the same stream a reading answer uses. */
function markdownToSpeech(markdown: string): string {
  const stream = createSpeechTextStream();
  return stream.push(markdown) + stream.flush();
}

const ANSWER = [
  '# Lighthouses',
  '',
  'They guided **ships** past `rocks` and [reefs](https://example.com/reefs_map) for _centuries_.',
  '- Each *tower* flashed its own pattern.',
  '1. Keepers trimmed the wicks; 2 * 3 = 6 stays as it is.',
  '',
  '```python',
  'print("not read")',
  '```',
  '| Tower | Built |',
  '|:------|------:|',
  '| North | 1820 |',
  '> Storms cut them off &amp; kept them there.',
  '',
  '---',
  'snake_case, __dunder__, ~~gone~~, <em>tagged</em>, <https://example.com> and \\*escaped\\*.',
  '$$',
  'E = mc^2',
  '$$',
  'The end.',
].join('\n');

describe('markdown to speech', () => {
  it('keeps the words, drops markup and code, and ends every line with a break', () => {
    expect(markdownToSpeech(ANSWER)).toBe(
      [
        'Lighthouses',
        '',
        'They guided ships past rocks and reefs for centuries.',
        'Each tower flashed its own pattern.',
        'Keepers trimmed the wicks; 2 * 3 = 6 stays as it is.',
        '',
        '',
        '',
        '',
        'Tower\nBuilt',
        '',
        'North\n1820',
        'Storms cut them off & kept them there.',
        '',
        '',
        'snake_case, dunder, gone, tagged, https://example.com and *escaped*.',
        '',
        '',
        '',
        'The end.',
        '',
      ].join('\n'),
    );
  });

  it('gives the same text however the markdown is cut into pieces', () => {
    const whole = markdownToSpeech(ANSWER);
    for (const size of [1, 2, 3, 5, 7, 11, 64]) {
      const stream = createSpeechTextStream();
      let out = '';
      for (let i = 0; i < ANSWER.length; i += size) out += stream.push(ANSWER.slice(i, i + size));
      expect(out + stream.flush(), `pieces of ${size}`).toBe(whole);
    }
  });

  it('lets the settled part of a line out before the line ends', () => {
    const stream = createSpeechTextStream();
    expect(stream.push('Hello **wor')).toBe('Hello ');
    expect(stream.push('ld**, and a [li')).toBe('world, and a ');
    expect(stream.push('nk](x) ok')).toBe('link ');
    expect(stream.flush()).toBe('ok\n');
  });

  it('holds back lines that may still turn into a fence, a table or a break', () => {
    const stream = createSpeechTextStream();
    expect(stream.push('``` code here')).toBe('');
    // The fence line and the code inside it say nothing.
    expect(stream.push('\nsecret\n')).toBe('\n\n');
    expect(stream.push('```\n| a ')).toBe('\n');
    expect(stream.push('| b |\n')).toBe('a\nb\n');
  });
});
