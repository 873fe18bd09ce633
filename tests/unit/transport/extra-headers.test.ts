import { describe, expect, it } from 'vitest';
import { ChatFailure } from '../../../lib/core/errors';
import { parseExtraHeaders } from '../../../lib/transport/extra-headers';

describe('parseExtraHeaders', () => {
  it('accepts a JSON object of header names to values, or nothing', () => {
    expect(parseExtraHeaders('{"X-Team": "blue", "X-Retries": 2}')).toEqual({ 'X-Team': 'blue', 'X-Retries': '2' });
    expect(parseExtraHeaders(undefined)).toEqual({});
    expect(parseExtraHeaders('  ')).toEqual({});
  });

  it.each([['["x"]'], ['not json'], ['{"Bad Header": "x"}'], ['{"X-A": "a\\r\\nInjected: 1"}'], ['{"X-A": {"nested": 1}}']])(
    'refuses %s',
    (text) => {
      expect(() => parseExtraHeaders(text)).toThrow(ChatFailure);
    },
  );
});
