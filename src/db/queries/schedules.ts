import { map } from 'rxjs';
import type { SchoolDatabase } from '../open-database';
import { asRows } from './rows';

/** The schedules (sittings) of one class, live. */
export function classSchedules$(database: SchoolDatabase, classId: string) {
  return database.schedules.find({ selector: { classId } }).$.pipe(asRows());
}

/** One sitting by its id, live; null while it is not on this device. */
export function schedule$(database: SchoolDatabase, scheduleId: string) {
  return database.schedules.findOne(scheduleId).$.pipe(map((document) => document?.toMutableJSON() ?? null));
}
