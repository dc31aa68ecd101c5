import { describe, expect, it } from 'vitest';
import { readIcs } from '../../../tests/e2e/support/ics-reader';
import type { CalendarSitting } from './calendar-sittings';
import { sittingsToIcs } from './ics';

function sitting(patch: Partial<CalendarSitting> = {}): CalendarSitting {
  return {
    id: 'a1b2',
    day: '2026-04-10',
    startTime: '09:00',
    endTime: '10:30',
    subjectId: 's',
    subjectName: '日本語',
    lessonName: '第1回',
    lessonId: 'l',
    classId: 'c',
    className: 'A組',
    universityId: 'u',
    facultyId: null,
    yearCodeId: null,
    yearCodeName: null,
    color: null,
    roomName: '101',
    teacherIds: ['t'],
    teacherNames: ['田中 一郎'],
    assist: false,
    ...patch,
  };
}

describe('the .ics export', () => {
  it('parses back to one event per sitting with its times, place and people', () => {
    const text = sittingsToIcs(
      [
        sitting(),
        sitting({ id: 'c3d4', day: '2026-04-14', startTime: '13:00', endTime: '14:30', roomName: null }),
      ],
      { calendarName: '田中 一郎', stampedAt: new Date('2026-04-01T00:00:00Z'), host: 'school.test' },
    );
    const parsed = readIcs(text);
    expect(parsed.name).toBe('田中 一郎');
    expect(parsed.events).toHaveLength(2);
    expect(parsed.events[0]).toMatchObject({
      UID: 'a1b2@school.test',
      DTSTAMP: '20260401T000000Z',
      DTSTART: '20260410T090000',
      DTEND: '20260410T103000',
      SUMMARY: '日本語 第1回',
      LOCATION: '101',
      DESCRIPTION: 'A組\n田中 一郎',
    });
    expect(parsed.events[1]?.LOCATION).toBeUndefined();
  });

  it("names the school's zone on every time, so a phone set to another zone still shows the school's hours", () => {
    const text = sittingsToIcs([sitting()], {
      calendarName: 'x',
      stampedAt: new Date('2026-04-01T00:00:00Z'),
      host: 'school.test',
    });
    const lines = text.split('\r\n');
    expect(lines).toContain('DTSTART;TZID=Asia/Tokyo:20260410T090000');
    expect(lines).toContain('DTEND;TZID=Asia/Tokyo:20260410T103000');
    // The zone the TZID names is described in the file, as RFC 5545 requires: Tokyo is UTC+9 all year.
    const zone = lines.slice(lines.indexOf('BEGIN:VTIMEZONE'), lines.indexOf('END:VTIMEZONE') + 1);
    expect(zone).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Tokyo',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    expect(
      sittingsToIcs([sitting()], {
        calendarName: 'x',
        stampedAt: new Date('2026-04-01T00:00:00Z'),
        host: 'school.test',
        timeZone: 'Asia/Ho_Chi_Minh',
      }),
    ).toContain('TZOFFSETTO:+0700');
  });

  it('escapes separators and folds long Japanese and Vietnamese names at 75 octets', () => {
    const long = 'Lập trình; cơ bản, nâng cao \\ 日本語の長い授業名'.repeat(4);
    const text = sittingsToIcs([sitting({ lessonName: long, className: 'Lớp A,B' })], {
      calendarName: 'x',
      stampedAt: new Date('2026-04-01T00:00:00Z'),
      host: 'school.test',
    });
    const [event] = readIcs(text).events;
    expect(event?.SUMMARY).toBe(`日本語 ${long}`);
    expect(event?.DESCRIPTION).toBe('Lớp A,B\n田中 一郎');
  });

  it('the reader refuses a file a calendar app would refuse', () => {
    expect(() => readIcs('BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n')).toThrow();
    expect(() =>
      readIcs('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n'),
    ).toThrow();
  });
});
