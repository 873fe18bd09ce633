import { describe, expect, it } from 'vitest';
import { sameData } from '../../../lib/core/same-data';

describe('sameData', () => {
  it('compares objects key by key in any order, and arrays item by item in order', () => {
    expect(sameData({ a: 1, b: [{ c: 'x' }, null] }, { b: [{ c: 'x' }, null], a: 1 })).toBe(true);
    expect(sameData({ a: 1, b: [{ c: 'x' }] }, { a: 1, b: [{ c: 'y' }] })).toBe(false);
    expect(sameData([1, 2], [2, 1])).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
  });

  it('takes a key set to undefined as left out, but not one set to null', () => {
    expect(sameData({ a: 1, error: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ a: 1, error: null }, { a: 1 })).toBe(false);
  });

  it('tells an array from an object with the same entries, and a value from nothing', () => {
    expect(sameData(['x'], { 0: 'x' })).toBe(false);
    expect(sameData({}, undefined)).toBe(false);
    expect(sameData(undefined, undefined)).toBe(true);
    expect(sameData(Number.NaN, Number.NaN)).toBe(true);
  });
});
