import { describe, expect, it } from 'vitest';
import {
  flagOrFalse,
  integerOr,
  optional,
  optionalInteger,
  optionalOneOf,
  optionalText,
  searchParser,
} from './search-params';

describe('route search readers', () => {
  it('keep the named parameters, drop a malformed one and leave out one the URL did not have', () => {
    const search = searchParser({ subject: optionalText(4), tab: optionalOneOf(['students', 'classes']) });
    expect(search.parse({ subject: 'abc', tab: 'other', extra: 1 })).toStrictEqual({
      subject: 'abc',
      tab: undefined,
    });
    expect(search.parse({})).toStrictEqual({});
    expect(search.parse({ subject: 'abcde' })).toStrictEqual({ subject: undefined });
    expect(search.parse(null)).toStrictEqual({});
  });

  it('read numbers as the URL gives them, and fall back on a bad page', () => {
    expect(optionalInteger(1, 12)('3')).toBe(3);
    expect(optionalInteger(1, 12)(3)).toBe(3);
    expect(optionalInteger(1, 12)('13')).toBeUndefined();
    expect(optionalInteger(1, 12)('1.5')).toBeUndefined();
    expect(optionalInteger(1, 12)(null)).toBeUndefined();
    expect(integerOr(1, 1)('-3')).toBe(1);
    expect(integerOr(1, 1)(undefined)).toBe(1);
    expect(optional(integerOr(1, 1))(undefined)).toBeUndefined();
    expect(optional(integerOr(1, 1))('x')).toBe(1);
  });

  it('default a flag to false', () => {
    expect(flagOrFalse()(true)).toBe(true);
    expect(flagOrFalse()('true')).toBe(false);
  });

  it('speak Standard Schema, which the router reads', () => {
    const search = searchParser({ page: integerOr(1, 1) });
    expect(search['~standard'].validate({ page: '2' })).toStrictEqual({ value: { page: 2 } });
  });
});
