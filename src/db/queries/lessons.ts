import type { SchoolDatabase } from '../open-database';
import { asRows } from './rows';

/** The lessons and exams of a subject, live. */
export function subjectLessons$(database: SchoolDatabase, subjectId: string) {
  return database.lessons.find({ selector: { subjectId } }).$.pipe(asRows());
}
