import type { SchoolDatabase } from '../open-database';
import { asRows } from './rows';

/** The schedules (sittings) of one class, live. */
export function classSchedules$(database: SchoolDatabase, classId: string) {
  return database.schedules.find({ selector: { classId } }).$.pipe(asRows());
}
