import { map } from 'rxjs';
import type { SchoolDatabase } from '../open-database';
import { asRows } from './rows';

/** The requests one student filed that this device holds, newest first, live. */
export function studentRequests$(database: SchoolDatabase, studentId: string) {
  return database.requests.find({ selector: { studentId } }).$.pipe(
    asRows(),
    map((rows) => [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt))),
  );
}
