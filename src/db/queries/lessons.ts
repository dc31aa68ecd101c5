import { map } from 'rxjs';
import type { SchoolDatabase } from '../open-database';
import { asRows } from './rows';

/** The lessons and exams of a subject, live. */
export function subjectLessons$(database: SchoolDatabase, subjectId: string) {
  return database.lessons.find({ selector: { subjectId } }).$.pipe(asRows());
}

/** One lesson or exam by its id, live; null while it is not on this device. */
export function lesson$(database: SchoolDatabase, lessonId: string) {
  return database.lessons.findOne(lessonId).$.pipe(map((document) => document?.toMutableJSON() ?? null));
}
