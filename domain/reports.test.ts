import { describe, expect, it } from 'vitest';
import { AttendanceStatus, tallyCounts, tallyOfStatuses } from './attendance';
import { attendanceRate, averageOf, heldSittings, scoreBins, tallyRate } from './reports';

describe('attendance report rules', () => {
  const tally = { present: 2, late: 1, unexplainedAbsence: 1, absent: 1, missing: 1 };

  it('counts every held sitting once, entered or not', () => {
    expect(heldSittings(tally)).toBe(6);
  });

  it('rates attendance as present or late over held sittings, to two decimals', () => {
    expect(attendanceRate(tally)).toBe(50);
    expect(attendanceRate({ ...tally, present: 1 })).toBe(40);
    expect(tallyRate({ present: 1, late: 0, unexplainedAbsence: 0, absent: 2, missing: 0 }, 'present')).toBe(
      33.33,
    );
  });

  it('has no rate before any sitting is held', () => {
    expect(attendanceRate({ present: 0, late: 0, unexplainedAbsence: 0, absent: 0, missing: 0 })).toBeNull();
  });

  it('reads a tally as the highlight conditions do (attendance is present only)', () => {
    expect(tallyCounts(tally)).toEqual({ missing: 1, attendance: 2, late: 1, unexplainedAbsence: 1 });
  });

  it('tallies statuses by label, a mark with no status as not entered', () => {
    const { present, late, unexplainedAbsence, absent } = AttendanceStatus;
    expect(tallyOfStatuses([present, present, late, unexplainedAbsence, absent, null])).toEqual(tally);
  });
});

describe('achievement report rules', () => {
  it('bins scores in ten ranges of the full score, full marks in the last', () => {
    expect(scoreBins([0, 9.99, 10, 55, 100, null], 100)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  it('averages the entered values only', () => {
    expect(averageOf([80, 50, 100, null])).toBe(76.67);
    expect(averageOf([null])).toBeNull();
  });
});
