import type { SchoolDatabase } from '../open-database';
import { asRows } from './rows';

/** Every attendance of a subject on this device, live. */
export function subjectAttendance$(database: SchoolDatabase, subjectId: string) {
  return database.attendance.find({ selector: { subjectId } }).$.pipe(asRows());
}
