import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeGpa, GPA_MAX, type GpaScore } from './gpa';
import { roundTo } from './numbers';

const score = (points: number | null, full_score = 100, extra: Partial<GpaScore> = {}): GpaScore => ({
  points,
  full_score,
  option_plus: false,
  parent_id: null,
  ...extra,
});

describe('GPA', () => {
  it('scales the share of points earned to 4 and rounds to two decimals', () => {
    expect(computeGpa([score(80), score(45, 50)])).toBe(3.33);
    expect(computeGpa([score(100), score(50, 50)])).toBe(4);
  });

  it('ignores scores not entered and is null when none is entered', () => {
    expect(computeGpa([score(50), score(null)])).toBe(2);
    expect(computeGpa([score(null)])).toBeNull();
    expect(computeGpa([])).toBeNull();
  });

  it('counts a zero score as zero, not as missing', () => {
    expect(computeGpa([score(0), score(100)])).toBe(2);
  });

  it('skips sub-scores so their parent is not counted twice', () => {
    expect(computeGpa([score(60), score(10, 10, { parent_id: 'p' })])).toBe(2.4);
  });

  it('adds option-plus bonus points without raising the full score, capped at 4', () => {
    expect(computeGpa([score(50), score(25, 30, { option_plus: true })])).toBe(3);
    expect(computeGpa([score(90), score(30, 30, { option_plus: true })])).toBe(GPA_MAX);
    expect(computeGpa([score(10, 10, { option_plus: true })])).toBeNull();
  });

  const entries = fc.array(
    fc.record({
      full: fc.integer({ min: 1, max: 200 }),
      share: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
      option_plus: fc.boolean(),
    }),
    { maxLength: 12 },
  );
  const toScores = (rows: { full: number; share: number | null; option_plus: boolean }[]) =>
    rows.map((row) =>
      score(row.share === null ? null : roundTo(row.full * row.share), row.full, {
        option_plus: row.option_plus,
      }),
    );

  it('stays between 0 and 4', () => {
    fc.assert(
      fc.property(entries, (rows) => {
        const gpa = computeGpa(toScores(rows));
        if (gpa === null) return;
        expect(gpa).toBeGreaterThanOrEqual(0);
        expect(gpa).toBeLessThanOrEqual(GPA_MAX);
      }),
    );
  });

  it('never falls when a student earns more points', () => {
    fc.assert(
      fc.property(entries, fc.nat(), fc.double({ min: 0, max: 50, noNaN: true }), (rows, pick, raise) => {
        const scores = toScores(rows);
        const entered = scores.filter((entry) => entry.points !== null);
        const target = entered[pick % Math.max(1, entered.length)];
        if (target === undefined || target.points === null) return;
        const before = computeGpa(scores);
        target.points = Math.min(target.full_score, target.points + raise);
        const after = computeGpa(scores);
        expect(after ?? 0).toBeGreaterThanOrEqual(before ?? 0);
      }),
    );
  });
});

describe('rounding', () => {
  it('rounds halves away from zero at two decimals, as users expect of decimal scores', () => {
    expect(roundTo(1.005)).toBe(1.01);
    expect(roundTo(2.675)).toBe(2.68);
    expect(roundTo(-1.005)).toBe(-1.01);
    expect(Object.is(roundTo(-0.001), 0)).toBe(true);
  });
});
