import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeValues } from './codes';
import {
  compareHighlightValue,
  HighlightCompare,
  HighlightCondition,
  HighlightType,
  highlightRuleSchema,
  isHighlighted,
  nearGpaRule,
} from './highlights';

const counts = { missing: 1, attendance: 8, late: 3, unexplainedAbsence: 2 };
const { below, moreThan, equal, lessThan, above } = HighlightCompare;

describe('comparison kinds', () => {
  it('below and above include the threshold; less than and more than exclude it', () => {
    expect(compareHighlightValue(below, 3, 3)).toBe(true);
    expect(compareHighlightValue(lessThan, 3, 3)).toBe(false);
    expect(compareHighlightValue(above, 3, 3)).toBe(true);
    expect(compareHighlightValue(moreThan, 3, 3)).toBe(false);
    expect(compareHighlightValue(equal, 3, 3)).toBe(true);
  });

  it('compare GPAs to the hundredth despite binary fractions', () => {
    expect(compareHighlightValue(equal, 0.1 + 0.2, 0.3)).toBe(true);
    expect(compareHighlightValue(lessThan, 2.29, 2.3)).toBe(true);
  });

  it('partition every value: exactly one of less than, equal, more than holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (a, b) => {
        const [value, threshold] = [a / 100, b / 100];
        const held = [lessThan, equal, moreThan].filter((kind) =>
          compareHighlightValue(kind, value, threshold),
        );
        expect(held).toHaveLength(1);
        expect(compareHighlightValue(below, value, threshold)).toBe(value <= threshold);
        expect(compareHighlightValue(above, value, threshold)).toBe(value >= threshold);
      }),
    );
  });
});

describe('highlighting a student', () => {
  it('reads the attendance tally the condition names', () => {
    const facts = { attendance: counts, gpa: null };
    const rule = (condition_type: HighlightCondition, compare_type: HighlightCompare, value: number) => ({
      condition_type,
      compare_type,
      value,
    });
    expect(isHighlighted(rule(HighlightCondition.late, above, 3), facts)).toBe(true);
    expect(isHighlighted(rule(HighlightCondition.unexplainedAbsence, moreThan, 2), facts)).toBe(false);
    expect(isHighlighted(rule(HighlightCondition.missing, equal, 1), facts)).toBe(true);
    expect(isHighlighted(rule(HighlightCondition.attendance, lessThan, 10), facts)).toBe(true);
  });

  it('flags a GPA below the threshold', () => {
    const rule = { condition_type: HighlightCondition.gpa, compare_type: below, value: 2 };
    expect(isHighlighted(rule, { attendance: null, gpa: 1.75 })).toBe(true);
    expect(isHighlighted(rule, { attendance: null, gpa: 2.01 })).toBe(false);
  });

  it('does not flag a student without the fact the rule reads', () => {
    const rule = { condition_type: HighlightCondition.gpa, compare_type: below, value: 2 };
    expect(isHighlighted(rule, { attendance: counts, gpa: null })).toBe(false);
    const lateRule = { condition_type: HighlightCondition.late, compare_type: above, value: 0 };
    expect(isHighlighted(lateRule, { attendance: null, gpa: 3 })).toBe(false);
  });
});

describe('highlight rule schema', () => {
  it('accepts attendance rules with whole counts and GPA rules on the 0–4 scale', () => {
    for (const condition of codeValues(HighlightCondition).filter((c) => c !== HighlightCondition.gpa)) {
      const ok = { type: HighlightType.attendance, condition_type: condition, compare_type: above, value: 3 };
      expect(highlightRuleSchema.safeParse(ok).success).toBe(true);
    }
    const gpa = {
      type: HighlightType.achievement,
      condition_type: HighlightCondition.gpa,
      compare_type: below,
      value: 2.5,
    };
    expect(highlightRuleSchema.safeParse(gpa).success).toBe(true);
  });

  it('refuses a condition of the other type, fractional counts and GPAs above 4', () => {
    const mixed = {
      type: HighlightType.achievement,
      condition_type: HighlightCondition.late,
      compare_type: above,
      value: 1,
    };
    expect(highlightRuleSchema.safeParse(mixed).success).toBe(false);
    const fraction = {
      type: HighlightType.attendance,
      condition_type: HighlightCondition.late,
      compare_type: above,
      value: 1.5,
    };
    expect(highlightRuleSchema.safeParse(fraction).error?.issues[0]?.message).toBe('not_integer');
    const high = {
      type: HighlightType.achievement,
      condition_type: HighlightCondition.gpa,
      compare_type: above,
      value: 4.5,
    };
    expect(highlightRuleSchema.safeParse(high).error?.issues[0]?.message).toBe('too_large');
  });
});

describe('the borderline list of a GPA rule', () => {
  it('holds students within 0.3 of the threshold the rule does not flag yet', () => {
    const rule = { compare_type: lessThan, value: 2 };
    expect(nearGpaRule(rule, 2.3)).toBe(true);
    expect(nearGpaRule(rule, 2)).toBe(true);
    expect(nearGpaRule(rule, 2.31)).toBe(false);
    expect(nearGpaRule(rule, 1.9)).toBe(false);
    expect(nearGpaRule(rule, null)).toBe(false);
  });

  it('never holds a student the rule flags', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(below, moreThan, equal, lessThan, above),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (compare, threshold, gpa) => {
          const rule = { compare_type: compare, value: threshold / 100 };
          return !(
            nearGpaRule(rule, gpa / 100) && compareHighlightValue(compare, gpa / 100, threshold / 100)
          );
        },
      ),
    );
  });
});
