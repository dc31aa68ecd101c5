import { map, type Observable, of } from 'rxjs';
import { Role } from '../../../domain/roles';
import type { SchoolDatabase } from '../open-database';
import { asRows } from './rows';

/** A student's name and identity (student number) as the class sheets show them. */
export type StudentName = { name: string; identity: string | null };

/** The name and identity of every student on this device by student id, live. */
export function studentNames$(database: SchoolDatabase): Observable<ReadonlyMap<string, StudentName>> {
  return database.people.find({ selector: { studentId: { $ne: null } } }).$.pipe(
    asRows(),
    map(
      (people) =>
        new Map(
          people.flatMap((person) =>
            person.studentId
              ? [[person.studentId, { name: person.name, identity: person.identity }] as const]
              : [],
          ),
        ),
    ),
  );
}

/** One person by user id, live; null while not on this device. */
export function person$(database: SchoolDatabase, userId: string) {
  return database.people.findOne(userId).$.pipe(map((document) => document?.toMutableJSON() ?? null));
}

/**
 * The active teachers on this device by name, live: the choices of a teacher picker or filter. A deactivated
 * teacher keeps their name on past rows (`person$`) but is offered nowhere.
 */
export function teachers$(database: SchoolDatabase) {
  return database.people
    .find({ selector: { role: Role.teacher, deactivated: false }, sort: [{ name: 'asc' }] })
    .$.pipe(asRows());
}

/** The active students of a university on this device by name, live: the choices of "add a student to a class". */
export function studentsOf$(database: SchoolDatabase, universityId: string) {
  return database.people
    .find({ selector: { role: Role.student, universityId, deactivated: false }, sort: [{ name: 'asc' }] })
    .$.pipe(asRows());
}

/**
 * Whose student record a screen shows: the signed-in student's own (by their user id), or one named by its
 * student id (a guardian's child, issue 43).
 */
export type StudentWho = { userId: string } | { studentId: string };

/** The student id `who` names, live; null while the signed-in student's person row is not on this device. */
export function studentIdOf$(database: SchoolDatabase, who: StudentWho): Observable<string | null> {
  if ('studentId' in who) return of(who.studentId);
  return person$(database, who.userId).pipe(map((person) => person?.studentId ?? null));
}

/** A stable key of `who` for a live query's dependencies. */
export function studentWhoKey(who: StudentWho): string {
  return 'studentId' in who ? `student:${who.studentId}` : `user:${who.userId}`;
}
