import type { SchoolDatabase } from '../open-database';
import { asRows } from './rows';

/** Every score and result of a subject on this device, live. */
export function subjectAchievements$(database: SchoolDatabase, subjectId: string) {
  return database.achievements.find({ selector: { subjectId } }).$.pipe(asRows());
}
