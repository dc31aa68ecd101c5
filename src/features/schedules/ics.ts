import type { CalendarSitting } from './calendar-sittings';

/**
 * An iCalendar file (RFC 5545) of sittings, for a phone's calendar app (issue 19). Times are floating local
 * times (no zone): the school, its users and their phones share one zone, and Asian zones have no daylight
 * saving that a floating time could get wrong. Each sitting keeps its id as the event's UID, so importing the
 * file again updates the events instead of doubling them.
 */
export function sittingsToIcs(
  sittings: readonly CalendarSitting[],
  options: { calendarName: string; stampedAt: Date; host: string },
): string {
  const stamp = utcStamp(options.stampedAt);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//school-admin//schedules//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.calendarName)}`,
    ...sittings.flatMap((sitting) => [
      'BEGIN:VEVENT',
      `UID:${sitting.id}@${options.host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${localStamp(sitting.day, sitting.startTime)}`,
      `DTEND:${localStamp(sitting.day, sitting.endTime)}`,
      `SUMMARY:${escapeText(`${sitting.subjectName} ${sitting.lessonName}`)}`,
      ...(sitting.roomName ? [`LOCATION:${escapeText(sitting.roomName)}`] : []),
      `DESCRIPTION:${escapeText([sitting.className, ...sitting.teacherNames].join('\n'))}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
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
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.ics') ? fileName : `${fileName}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
