import { type AccountRole, Role } from '../../domain/roles';
import { type Entity, Reach, reachOf } from '../access/rules';

// The facts of the matrix schools (`matrix-fixture.ts`): which reaches of the rules' table each demo account
// meets on a row of each kind. The matrix tests derive every expected allow and deny from these and the table
// (docs/access.md) instead of writing answers down.

/** The demo accounts the matrices sign in, by role name. */
export type MatrixWho = 'observer' | 'teacher' | 'admin' | 'superAdmin' | 'student' | 'guardian';

export const ROLE_OF_WHO: Record<MatrixWho, AccountRole> = {
  observer: Role.observer,
  teacher: Role.teacher,
  admin: Role.admin,
  superAdmin: Role.superAdmin,
  student: Role.student,
  guardian: Role.guardian,
};

/**
 * The kinds of row: a class the demo teacher teaches with the demo student in it (`owned`), another class of
 * that subject taught by teacher2 with another student (`sameSubject`: for the demo student, another student's
 * record), another subject (`otherSubject`), a subject like `owned` but unpublished (`unpublishedSubject`), a
 * draft lesson of the owned class (`draftLesson`), and rows addressed to the caller or to somebody else. The
 * demo guardian is linked to the demo student (the demo school's link), so they meet the student's rows as
 * their ward's.
 */
export type MatrixKind =
  | 'owned'
  | 'sameSubject'
  | 'otherSubject'
  | 'unpublishedSubject'
  | 'draftLesson'
  | 'own'
  | 'foreign';

const {
  workedSubject,
  taughtClass,
  taughtSitting,
  ownRecord,
  ownPublished,
  ownAccount,
  ward,
  wardPublished,
} = Reach;
const noReach: Record<MatrixWho, readonly Reach[]> = {
  observer: [],
  teacher: [],
  admin: [],
  superAdmin: [],
  student: [],
  guardian: [],
};

/** The reaches (beyond `all`) each demo account meets on a row of each kind. */
export const MEETS: Record<MatrixKind, Record<MatrixWho, readonly Reach[]>> = {
  owned: {
    ...noReach,
    teacher: [workedSubject, taughtClass, taughtSitting],
    student: [ownRecord, ownPublished],
    guardian: [ward, wardPublished],
  },
  sameSubject: {
    ...noReach,
    teacher: [workedSubject],
    student: [ownPublished],
    guardian: [wardPublished],
  },
  otherSubject: noReach,
  unpublishedSubject: {
    ...noReach,
    teacher: [workedSubject, taughtClass, taughtSitting],
    student: [ownRecord],
    guardian: [ward],
  },
  draftLesson: {
    ...noReach,
    teacher: [workedSubject, taughtClass, taughtSitting],
    student: [ownRecord],
    guardian: [ward],
  },
  own: {
    observer: [ownAccount],
    teacher: [ownAccount],
    admin: [ownAccount],
    superAdmin: [ownAccount],
    student: [ownAccount],
    guardian: [ownAccount],
  },
  foreign: noReach,
};

/** Whether the rules' table lets `who` read or write a row of `entity` of this kind. */
export function tableAllows(
  entity: Entity,
  access: 'read' | 'write',
  who: MatrixWho,
  kind: MatrixKind,
): boolean {
  const reach = reachOf(entity, access, ROLE_OF_WHO[who]);
  return reach === Reach.all || MEETS[kind][who].includes(reach);
}
