import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  achievementHighlightsMet,
  finalScoreOf,
  orderScoreNames,
  type ResultHighlight,
  type ResultScoreName,
  studentResult,
  sumOfSubScores,
} from './achievement-results';
import { HighlightCompare, HighlightCondition, HighlightType } from './highlights';
import { roundTo } from './numbers';

const hundredths = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((value) => value / 100);
const point = fc.option(hundredths(100), { nil: null });

/** Score names: some top-level ones (with letters for names) and sub-scores of the first ones. */
const scoreNames = fc
  .array(
    fc.tuple(
      hundredths(100).filter((full) => full > 0),
      fc.boolean(),
      fc.nat(5),
    ),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .chain((tops) =>
    fc
      .array(
        fc.tuple(
          fc.nat(tops.length - 1),
          hundredths(50).filter((full) => full > 0),
        ),
        { maxLength: 6 },
      )
      .map((subs) => {
        const top: ResultScoreName[] = tops.map(([fullScore, optionPlus], index) => ({
          id: `top-${index}`,
          name: `score${String.fromCharCode(97 + index)}`,
          fullScore,
          optionPlus,
          parentId: null,
        }));
        const parts: ResultScoreName[] = subs.map(([parent, fullScore], index) => ({
          id: `sub-${index}`,
          name: `part${index}`,
          fullScore,
          optionPlus: false,
          parentId: `top-${parent}`,
        }));
        return { top, parts, positions: tops.map(([, , position]) => position) };
      }),
  );

describe('sub-score sums', () => {
  it('are null exactly when no part is entered, else the rounded total in any order', () => {
    fc.assert(
      fc.property(fc.array(point, { maxLength: 10 }), (points) => {
        const sum = sumOfSubScores(points);
        const entered = points.filter((value): value is number => value !== null);
        if (entered.length === 0) {
          expect(sum).toBeNull();
          return;
        }
        expect(sum).toBe(roundTo(entered.reduce((total, value) => total + value, 0)));
        expect(sumOfSubScores([...points].reverse())).toBe(sum);
      }),
    );
  });
});

describe('student results', () => {
  it('a final score that adds every score equals their sum, and is null while one is missing', () => {
    fc.assert(
      fc.property(scoreNames, fc.array(point, { minLength: 8, maxLength: 8 }), ({ top }, values) => {
        const points = new Map(top.map((scoreName, index) => [scoreName.id, values[index] ?? null]));
        const formula = top.map((scoreName) => scoreName.name).join(' + ');
        const final = finalScoreOf(formula, top, points);
        const entered = top.map((scoreName) => points.get(scoreName.id) ?? null);
        if (entered.some((value) => value === null)) {
          expect(final).toBeNull();
          return;
        }
        const total = entered.reduce<number>((sum, value) => sum + (value ?? 0), 0);
        expect(final).toBe(roundTo(total));
      }),
    );
  });

  it('a GPA never moves when only sub-scores change, and stays on 0–4', () => {
    fc.assert(
      fc.property(
        scoreNames,
        fc.array(point, { minLength: 8, maxLength: 8 }),
        fc.array(point, { minLength: 6, maxLength: 6 }),
        fc.array(point, { minLength: 6, maxLength: 6 }),
        ({ top, parts }, topValues, before, after) => {
          const all = [...top, ...parts];
          const withParts = (partValues: (number | null)[]) =>
            new Map([
              ...top.map((scoreName, index): [string, number | null] => [
                scoreName.id,
                topValues[index] ?? null,
              ]),
              ...parts.map((scoreName, index): [string, number | null] => [
                scoreName.id,
                partValues[index] ?? null,
              ]),
            ]);
          const first = studentResult(null, all, withParts(before));
          const second = studentResult(null, all, withParts(after));
          expect(second.gpa).toBe(first.gpa);
          if (first.gpa !== null) {
            expect(first.gpa).toBeGreaterThanOrEqual(0);
            expect(first.gpa).toBeLessThanOrEqual(4);
          }
        },
      ),
    );
  });

  it('a subject without a formula, or with one that cannot be read, has no final score', () => {
    fc.assert(
      fc.property(
        scoreNames,
        fc.constantFrom(null, '', '   ', 'scorea +', 'nobody * 2'),
        ({ top }, formula) => {
          const points = new Map(top.map((scoreName) => [scoreName.id, 1]));
          expect(finalScoreOf(formula, top, points)).toBeNull();
        },
      ),
    );
  });
});

describe('score name order', () => {
  it('keeps every score name once and puts each sub-score after its parent, whatever the input order', () => {
    fc.assert(
      fc.property(scoreNames, fc.func(fc.nat()), ({ top, parts, positions }, shuffleKey) => {
        const rows = [...top, ...parts].map((row, index) => ({
          ...row,
          position: row.parentId === null ? (positions[index] ?? 0) : index,
        }));
        const shuffled = [...rows].sort((a, b) => shuffleKey(a.id) - shuffleKey(b.id));
        const ordered = orderScoreNames(shuffled);
        expect(new Set(ordered)).toEqual(new Set(rows));
        expect(ordered).toHaveLength(rows.length);
        for (const [index, row] of ordered.entries()) {
          if (row.parentId === null) continue;
          expect(ordered.findIndex((other) => other.id === row.parentId)).toBeLessThan(index);
        }
        expect(orderScoreNames(rows).map((row) => row.id)).toEqual(ordered.map((row) => row.id));
      }),
    );
  });
});

describe('total-score highlights', () => {
  const rule = fc.record({
    type: fc.constantFrom(HighlightType.attendance, HighlightType.achievement),
    conditionType: fc.constantFrom(HighlightCondition.gpa, HighlightCondition.late),
    compareType: fc.constantFrom(...Object.values(HighlightCompare)),
    value: hundredths(4),
    hidden: fc.boolean(),
    messageToStudent: fc.constant(null),
  });

  it('only visible achievement rules flag a student, and a student without GPA never', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 6 }), fc.option(hundredths(4), { nil: null }), (rules, gpa) => {
        const met: ResultHighlight[] = achievementHighlightsMet(rules, gpa);
        if (gpa === null) expect(met).toEqual([]);
        for (const found of met) {
          expect(found.hidden).toBe(false);
          expect(found.type).toBe(HighlightType.achievement);
        }
      }),
    );
  });
});
