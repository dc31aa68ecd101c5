import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeValues } from './codes';
import {
  copyPayload,
  defaultCopyDay,
  endHourDisabled,
  endMinuteOptions,
  lessonBatches,
  planRowSittings,
  suggestedWeekdays,
  timeOf,
  weekdayIdOf,
  withDay,
  withStartTime,
} from './copy-subject';
import { addDays, compareIsoDates, dayOfWeek, isoDateToDayNumber } from './dates';
import { type CopyRow, isOnTimeStep, teacherActiveOn, validateCopyRow } from './validation';
import { WeekdayId, weekdayIdToDayOfWeek } from './weekdays';

const isoDates = fc
  .integer({ min: 10_000, max: 30_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
const weekdays = fc.constantFrom(...codeValues(WeekdayId));
const steppedTimes = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 11 }))
  .map(([hour, step]) => timeOf(hour, step * 5));

const teacherArb = fc.record({
  id: fc.uuid(),
  deactive: fc.option(fc.record({ retire_at: fc.option(isoDates, { nil: null }) }), { nil: null }),
});

function row(overrides: Partial<CopyRow> = {}): CopyRow {
  return {
    selected: true,
    day: '2027-04-05',
    start_time: '09:00',
    end_time: '10:30',
    teacherChecked: true,
    teacher_ids: ['t1'],
    roomChecked: true,
    room_id: 'r1',
    ...overrides,
  };
}

describe('copy form time rules (SPEC §4, §5)', () => {
  it('every end the picker offers for a start is later than it and on the 5-minute step', () => {
    fc.assert(
      fc.property(steppedTimes, fc.integer({ min: 0, max: 23 }), (start, hour) => {
        if (endHourDisabled(start, hour)) return;
        for (const minute of endMinuteOptions(start, hour)) {
          const end = timeOf(hour, minute);
          expect(isOnTimeStep(end)).toBe(true);
          expect(end > start).toBe(true);
          expect(validateCopyRow(row({ start_time: start, end_time: end }))).toEqual({});
        }
      }),
    );
  });

  it('a start hour above 0 disables exactly the earlier end hours', () => {
    fc.assert(
      fc.property(steppedTimes, fc.integer({ min: 0, max: 23 }), (start, hour) => {
        const startHour = Number(start.slice(0, 2));
        expect(endHourDisabled(start, hour)).toBe(startHour > 0 && hour < startHour);
      }),
    );
    expect(endHourDisabled(null, 3)).toBe(false);
  });

  it('changing the start resets the end, whatever it was', () => {
    fc.assert(
      fc.property(steppedTimes, fc.option(steppedTimes, { nil: null }), (start, end) => {
        const changed = withStartTime(row({ end_time: end }), start);
        expect(changed.start_time).toBe(start);
        expect(changed.end_time).toBeNull();
      }),
    );
  });
});

describe('copy form dates and teachers', () => {
  it('the default date is the next matching weekday on or after the start date', () => {
    fc.assert(
      fc.property(isoDates, weekdays, (start, weekday) => {
        const day = defaultCopyDay(start, weekday);
        expect(day).not.toBeNull();
        if (day === null) return;
        expect(weekdayIdOf(day)).toBe(weekday);
        expect(compareIsoDates(day, start)).toBeGreaterThanOrEqual(0);
        expect((isoDateToDayNumber(day) ?? 0) - (isoDateToDayNumber(start) ?? 0)).toBeLessThan(7);
      }),
    );
  });

  it('after a date change only chosen teachers still active that day remain, in their order', () => {
    fc.assert(
      fc.property(fc.array(teacherArb, { maxLength: 6 }), isoDates, (teachers, day) => {
        const chosen = teachers.map((teacher) => teacher.id);
        const changed = withDay(row({ teacher_ids: chosen }), day, teachers);
        expect(changed.day).toBe(day);
        const kept = changed.teacher_ids;
        expect(chosen.filter((id) => kept.includes(id))).toEqual([...kept]);
        for (const teacher of teachers) {
          expect(kept.includes(teacher.id)).toBe(teacherActiveOn(teacher, day));
        }
      }),
    );
  });

  it('sends only ticked valid rows, with an empty teacher list and a null room when unticked', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (selected, teacherChecked, roomChecked) => {
        const sent = copyPayload([
          { ...row({ selected, teacherChecked, roomChecked }), class_name_id: 'c', suggest_date: 2 },
        ]);
        if (!selected) {
          expect(sent).toEqual([]);
          return;
        }
        expect(sent).toHaveLength(1);
        expect(sent[0]?.teacher_id).toEqual(teacherChecked ? ['t1'] : []);
        expect(sent[0]?.room_id).toBe(roomChecked ? 'r1' : null);
      }),
    );
    expect(copyPayload([{ ...row({ end_time: '08:00' }), class_name_id: 'c', suggest_date: 2 }])).toEqual([]);
  });
});

describe('copied sittings', () => {
  const sittingsArb = fc.array(fc.record({ lessonId: fc.constantFrom('a', 'b', 'c', 'd'), day: isoDates }), {
    maxLength: 12,
  });

  it('keep the weekday, start on the row date and keep the source gaps between weeks', () => {
    fc.assert(
      fc.property(sittingsArb, weekdays, isoDates, (sources, weekday, from) => {
        const first = defaultCopyDay(from, weekday) ?? from;
        const planned = planRowSittings(sources, weekday, first);
        expect(planned).not.toBeNull();
        if (planned === null) return;
        const mine = sources.filter((s) => dayOfWeek(s.day) === weekdayIdToDayOfWeek(weekday));
        expect(planned).toHaveLength(mine.length);
        if (planned.length === 0) return;
        expect(planned[0]?.day).toBe(first);
        const shift =
          (isoDateToDayNumber(first) ?? 0) - Math.min(...mine.map((s) => isoDateToDayNumber(s.day) ?? 0));
        for (const sitting of planned) expect(weekdayIdOf(sitting.day)).toBe(weekday);
        const shifted = mine.map((s) => `${s.lessonId}@${addDays(s.day, shift)}`).sort();
        expect(planned.map((s) => `${s.lessonId}@${s.day}`).sort()).toEqual(shifted);
      }),
    );
  });

  it('refuse a first date off the row weekday', () => {
    expect(planRowSittings([], WeekdayId.monday, '2027-04-06')).toBeNull();
  });

  it('suggest each weekday a class meets on once, in weekday order', () => {
    expect(suggestedWeekdays(['2027-04-07', '2027-04-05', '2027-04-12', '2027-04-11'])).toEqual([
      WeekdayId.monday,
      WeekdayId.wednesday,
      WeekdayId.sunday,
    ]);
  });
});

describe('publishing after a copy', () => {
  it('splits lesson ids into batches of at most 10 that keep every id once, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.uuid(), { maxLength: 95 }), (ids) => {
        const batches = lessonBatches(ids);
        expect(batches.flat()).toEqual(ids);
        for (const batch of batches) expect(batch.length).toBeGreaterThan(0);
        for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(10);
        expect(batches.length).toBe(Math.ceil(ids.length / 10));
      }),
    );
  });
});
