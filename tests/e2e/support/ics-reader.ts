/** One parsed VEVENT: its properties by name (the first value of each). */
export type IcsEvent = Record<string, string>;

/**
 * A strict reader of the iCalendar files the app exports (RFC 5545): CRLF line ends, lines of at most 75
 * octets, folding undone, BEGIN/END balanced, VERSION 2.0 and PRODID present, every event with UID, DTSTAMP,
 * DTSTART and DTEND, and TEXT values unescaped. Throws on anything else, so a test that reads a file proves
 * a calendar app could.
 */
export function readIcs(text: string): { name: string | null; events: IcsEvent[] } {
  if (!text.endsWith('\r\n')) throw new Error('the file does not end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (line.includes('\n') || line.includes('\r'))
      throw new Error(`bare line break in ${JSON.stringify(line)}`);
    if (new TextEncoder().encode(line).length > 75) throw new Error(`line longer than 75 octets: ${line}`);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (lines.length === 0) throw new Error('the file starts with a continuation line');
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const stack: string[] = [];
  const calendar: Record<string, string> = {};
  const events: IcsEvent[] = [];
  let event: IcsEvent | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`not a content line: ${line}`);
    const name = line.slice(0, colon).split(';')[0]?.toUpperCase() ?? '';
    const value = line.slice(colon + 1);
    if (name === 'BEGIN') {
      stack.push(value);
      if (value === 'VEVENT') event = {};
      continue;
    }
    if (name === 'END') {
      if (stack.pop() !== value) throw new Error(`END:${value} does not close its BEGIN`);
      if (value === 'VEVENT' && event) {
        for (const required of ['UID', 'DTSTAMP', 'DTSTART', 'DTEND']) {
          if (!event[required]) throw new Error(`event without ${required}`);
        }
        events.push(event);
        event = null;
      }
      continue;
    }
    const target = event ?? calendar;
    target[name] ??= unescapeText(value);
  }
  if (stack.length > 0 || lines[0] !== 'BEGIN:VCALENDAR') throw new Error('unbalanced VCALENDAR');
  if (calendar.VERSION !== '2.0' || !calendar.PRODID) throw new Error('VERSION 2.0 and PRODID are required');
  return { name: calendar['X-WR-CALNAME'] ?? null, events };
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, escaped: string) =>
    escaped.toLowerCase() === 'n' ? '\n' : escaped,
  );
}
