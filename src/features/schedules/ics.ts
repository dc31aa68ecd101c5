import { SCHOOL_TIME_ZONE } from '../../../domain/dates';
import { downloadBlob } from '../shared/download';
import type { CalendarSitting } from './calendar-sittings';

/**
 * An iCalendar file (RFC 5545) of sittings, for a phone's calendar app (issue 19). Times are the school's
 * wall clock in its zone (`TZID`, with the zone's VTIMEZONE): a floating time moved with a phone set to
 * another zone, a visiting teacher's or a travelling student's (issue 42). Each sitting keeps its id as the
 * event's UID, so importing the file again updates the events instead of doubling them.
 */
export function sittingsToIcs(
  sittings: readonly CalendarSitting[],
  options: { calendarName: string; stampedAt: Date; host: string; timeZone?: string },
): string {
  const stamp = utcStamp(options.stampedAt);
  const zone = options.timeZone ?? SCHOOL_TIME_ZONE;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//school-admin//schedules//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.calendarName)}`,
    `X-WR-TIMEZONE:${zone}`,
    ...timeZoneLines(zone, options.stampedAt),
    ...sittings.flatMap((sitting) => [
      'BEGIN:VEVENT',
      `UID:${sitting.id}@${options.host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${zone}:${localStamp(sitting.day, sitting.startTime)}`,
      `DTEND;TZID=${zone}:${localStamp(sitting.day, sitting.endTime)}`,
      `SUMMARY:${escapeText(`${sitting.subjectName} ${sitting.lessonName}`)}`,
      ...(sitting.roomName ? [`LOCATION:${escapeText(sitting.roomName)}`] : []),
      `DESCRIPTION:${escapeText([sitting.className, ...sitting.teacherNames].join('\n'))}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/**
 * The VTIMEZONE a `TZID` needs (RFC 5545 §3.6.5): one standard offset, the zone's at `at`. The school's zones
 * (Asia/Tokyo, Asia/Ho_Chi_Minh) keep no daylight saving, so one offset describes every sitting of a term.
 */
function timeZoneLines(zone: string, at: Date): string[] {
  const offset = utcOffset(zone, at);
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
}

/** A zone's offset from UTC at an instant, as iCalendar writes it (`+0900`). */
function utcOffset(zone: string, at: Date): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  // "GMT+09:00", or "GMT" alone for UTC itself.
  const match = /([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? `${match[1]}${match[2]}${match[3]}` : '+0000';
}

/** TEXT escaping of RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks. */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/\r?\n/g, '\\n');
}

function localStamp(day: string, time: string): string {
  return `${day.replaceAll('-', '')}T${time.slice(0, 5).replace(':', '')}00`;
}

function utcStamp(moment: Date): string {
  return `${moment.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character: Japanese and Vietnamese
 * names take 2–3 octets a character.
 */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Hands an .ics text to the browser as a download. */
export function downloadIcs(fileName: string, text: string): void {
  const name = fileName.endsWith('.ics') ? fileName : `${fileName}.ics`;
  downloadBlob(name, new Blob([text], { type: 'text/calendar;charset=utf-8' }));
}
