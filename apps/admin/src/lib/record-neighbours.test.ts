import { describe, expect, it } from 'vitest';
import { around, parseIds } from './record-neighbours';

describe('record neighbours', () => {
  it('reads only a list of ids', () => {
    expect(parseIds('["a","b"]')).toEqual(['a', 'b']);
    expect(parseIds('{"ids":[]}')).toBeNull();
    expect(parseIds('[1]')).toBeNull();
    expect(parseIds('not json')).toBeNull();
    expect(parseIds(null)).toBeNull();
  });

  it('finds the records before and after, none past the ends, nothing for a record not listed', () => {
    expect(around(['a', 'b', 'c'], 'b')).toEqual({ previous: 'a', next: 'c' });
    expect(around(['a', 'b', 'c'], 'a')).toEqual({ previous: null, next: 'b' });
    expect(around(['a', 'b', 'c'], 'c')).toEqual({ previous: 'b', next: null });
    expect(around(['a'], 'z')).toBeNull();
    expect(around(null, 'a')).toBeNull();
  });
});
