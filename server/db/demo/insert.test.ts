import { describe, expect, it } from 'vitest';
import { literal } from './insert';

describe('seed literals', () => {
  it('quotes text by doubling single quotes and leaves backslashes as they are', () => {
    expect(literal("O'Brien \\ 'x'")).toBe("'O''Brien \\ ''x'''");
  });

  it('writes numbers, booleans, null, dates and JSON, and lets an absent value take the default', () => {
    expect(literal(12.5)).toBe('12.5');
    expect(literal(false)).toBe('false');
    expect(literal(null)).toBe('null');
    expect(literal(undefined)).toBe('default');
    expect(literal(new Date('2026-04-01T00:00:00Z'))).toBe("'2026-04-01T00:00:00.000Z'");
    expect(literal([{ title: "it's", link: '/x' }])).toBe(`'[{"title":"it''s","link":"/x"}]'`);
  });

  it('refuses a number PostgreSQL cannot store', () => {
    expect(() => literal(Number.NaN)).toThrow();
  });
});
