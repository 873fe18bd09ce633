/**
 * Deterministic huge answers for the bench: a markdown document of mixed
 * blocks (headings, paragraphs, lists, tables, fenced code) and one single
 * giant code fence, the two shapes that used to freeze the panel.
 */

const WORDS = 'the panel keeps every answer readable while it streams and after it is stored so nothing freezes'.split(' ');

function sentence(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}, with **bold**, \`code\` and a [link](https://example.com/${seed}).`;
}

function section(n: number): string {
  const code = Array.from({ length: 12 }, (_, i) => `  const value${i} = compute(${n}, ${i}); // step ${i}`).join('\n');
  return [
    `## Section ${n}`,
    '',
    sentence(n, 40),
    '',
    `- ${sentence(n + 1, 8)}`,
    `- ${sentence(n + 2, 8)}`,
    `- ${sentence(n + 3, 8)}`,
    '',
    '| Name | Value | Note |',
    '|:-----|------:|------|',
    `| alpha | ${n} | ${sentence(n + 4, 4)} |`,
    `| beta | ${n * 2} | ${sentence(n + 5, 4)} |`,
    '',
    '```ts',
    `function section${n}() {`,
    code,
    '}',
    '```',
    '',
    sentence(n + 6, 60),
    '',
  ].join('\n');
}

/** About `bytes` characters of mixed markdown. */
export function hugeMarkdown(bytes: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let n = 1; length < bytes; n++) {
    const part = section(n);
    parts.push(part);
    length += part.length + 1;
  }
  return parts.join('\n');
}

/** One fenced code block of `lines` lines. */
export function hugeCodeBlock(lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => `    result = process(item_${i}, limit=${i % 97})  # line ${i + 1}`);
  return ['Here is the generated module:', '', '```python', ...body, '```', ''].join('\n');
}
