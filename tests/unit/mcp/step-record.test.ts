import { describe, expect, it } from 'vitest';
import { readToolStep } from '../../../lib/storage/field-readers';

const step = { call: { id: 'c1', name: 'srv__chart', arguments: '{}' }, startedAt: 1, durationMs: 2 };

describe('a stored tool step read back', () => {
  it('keeps the failure code and the images a tool returned', () => {
    const read = readToolStep(
      { ...step, error: 'Error: late', errorCode: 'mcp-timeout', images: [{ mimeType: 'image/png', data: 'iVBO' }] },
      'step',
    );
    expect(read).toMatchObject({ errorCode: 'mcp-timeout', images: [{ mimeType: 'image/png', data: 'iVBO' }] });
  });

  it('refuses an "image" of any other type, which the panel would render from a data: URL', () => {
    expect(() => readToolStep({ ...step, images: [{ mimeType: 'text/html', data: 'PGgxPg==' }] }, 'step')).toThrow(/mimeType/);
  });
});
