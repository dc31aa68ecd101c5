import { GPA_MAX } from './gpa';
import { roundTo } from './numbers';
import type { AttendanceTally } from './schemas/reports';

/** The labels of an attendance tally in SPEC §3 order, then the sittings with no status entered. */
export const TALLY_KEYS = ['present', 'late', 'unexplainedAbsence', 'absent', 'missing'] as const;
/** One bucket of an attendance tally. */
export type TallyKey = (typeof TALLY_KEYS)[number];

/** An empty tally, to add sittings to. */
export const EMPTY_TALLY: AttendanceTally = {
  present: 0,
  late: 0,
  unexplainedAbsence: 0,
  absent: 0,
  missing: 0,
};

/** The sittings a tally covers: every held sitting counts once, entered or not. */
export function heldSittings(tally: AttendanceTally): number {
  return TALLY_KEYS.reduce((sum, key) => sum + tally[key], 0);
}

/** The sum of tallies (a subject's sittings added up by day for the rate over the term). */
export function addTallies(a: AttendanceTally, b: AttendanceTally): AttendanceTally {
  return {
    present: a.present + b.present,
    late: a.late + b.late,
    unexplainedAbsence: a.unexplainedAbsence + b.unexplainedAbsence,
    absent: a.absent + b.absent,
    missing: a.missing + b.missing,
  };
}

/**
 * The share of held sittings in one bucket, in percent to two decimals (SPEC §9); null with no sitting held
 * yet, so an empty class shows a dash rather than 0 %.
 */
export function tallyRate(tally: AttendanceTally, key: TallyKey): number | null {
  const held = heldSittings(tally);
  return held === 0 ? null : roundTo((tally[key] / held) * 100);
}

/**
 * The attendance rate of a report row: the held sittings a student came to (present or late) over all held
 * sittings, in percent to two decimals; null with none held. SPEC names the rate only; a late student was
 * there, an absence of either kind and a sitting not entered were not counted as attended.
 */
export function attendanceRate(tally: AttendanceTally): number | null {
  const held = heldSittings(tally);
  return held === 0 ? null : roundTo(((tally.present + tally.late) / held) * 100);
}

/** The GPA bands of the achievement report's distribution: one per point of the scale (0–1 … 3–4). */
export const GPA_BAND_COUNT = GPA_MAX;

/** The lower and upper GPA of each band; the last band includes the top of the scale. */
export const GPA_BANDS: readonly { from: number; to: number }[] = Array.from(
  { length: GPA_BAND_COUNT },
  (_, index) => ({ from: (index * GPA_MAX) / GPA_BAND_COUNT, to: ((index + 1) * GPA_MAX) / GPA_BAND_COUNT }),
);

/** The number of bins of a score distribution chart. */
export const SCORE_BIN_COUNT = 10;

/**
 * Counts scores into `SCORE_BIN_COUNT` equal bins of 0 to `fullScore` (the last bin includes full marks);
 * scores not entered are left out.
 */
export function scoreBins(points: readonly (number | null)[], fullScore: number): number[] {
  const bins = Array.from({ length: SCORE_BIN_COUNT }, () => 0);
  if (fullScore <= 0) return bins;
  for (const value of points) {
    if (value === null) continue;
    const index = Math.min(
      SCORE_BIN_COUNT - 1,
      Math.max(0, Math.floor((value / fullScore) * SCORE_BIN_COUNT)),
    );
    bins[index] = (bins[index] ?? 0) + 1;
  }
  return bins;
}

/** The average of the entered values to two decimals; null when none is entered. */
export function averageOf(values: readonly (number | null)[]): number | null {
  const entered = values.filter((value): value is number => value !== null);
  if (entered.length === 0) return null;
  return roundTo(entered.reduce((sum, value) => sum + value, 0) / entered.length);
}
