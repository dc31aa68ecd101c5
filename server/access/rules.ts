import { type AccountRole, Role } from '../../domain/roles';

// The rules' table (docs/access.md is generated from it, and the authorisation matrix derives its expected
// answers from it): for every kind of row, how far each role reaches when reading it and when writing it.
// Each reach is one SQL condition, written once in `reach.ts`; the policies of `server/access` build their
// scopes from this table, and REST, sync, reports and the websocket ask those policies.

/**
 * How far an actor reaches over a kind of row. Each value names one condition; `reach.ts` holds its SQL and
 * `REACH_MEANING` its words in docs/access.md.
 */
export const Reach = {
  /** Every row of the kind. */
  all: 'all',
  /** No row of the kind. */
  none: 'none',
  /** Rows under a subject where the teacher is in charge of a class or named on a sitting. */
  workedSubject: 'workedSubject',
  /** Rows of a class the teacher is in charge of (its students, their marks, scores and requests). */
  taughtClass: 'taughtClass',
  /** Rows of a sitting the teacher teaches: named on it, or in charge of its class. */
  taughtSitting: 'taughtSitting',
  /** The student's own rows. */
  ownRecord: 'ownRecord',
  /**
   * What a student's subjects show them: rows of a published subject they are enrolled in, and of a published
   * lesson (a draft subject or lesson is staff work).
   */
  ownPublished: 'ownPublished',
  /** Rows addressed to the user themself (their notifications, cards, sessions, preferences). */
  ownAccount: 'ownAccount',
  /**
   * A guardian's: rows of a student linked to them by a live link (their ward), while their own account is
   * live (issue 43).
   */
  ward: 'ward',
  /** A guardian's `ownPublished`: what their wards' subjects show the wards themselves. */
  wardPublished: 'wardPublished',
} as const;
export type Reach = (typeof Reach)[keyof typeof Reach];

/** The words docs/access.md gives each reach. */
export const REACH_MEANING: Record<Reach, string> = {
  all: 'every row',
  none: 'nothing',
  workedSubject: 'under a subject they work in (in charge of a class of it, or named on a sitting of it)',
  taughtClass: 'of a class they are in charge of',
  taughtSitting: 'of a sitting they teach (named on it, or in charge of its class)',
  ownRecord: 'their own',
  ownPublished: 'their own subjects, published subject and published lesson only',
  ownAccount: 'addressed to themself',
  ward: 'of a student linked to them (their ward), while the link and their account are live',
  wardPublished: 'their wards’ subjects, published subject and published lesson only',
};

/** A reach for each role: the roles in the order docs/access.md lists them. */
export type RoleReach = Record<AccountRole, Reach>;

/** The rule of one kind of row: what it is, where it lives, and each role's reach to read and to write it. */
export interface EntityRules {
  /** The rows, in the team's words. */
  rows: string;
  read: RoleReach;
  /** Absent: the rows are never written through a call or a push (derived, or written by the server). */
  write?: RoleReach;
  /** What else decides a write, beyond the reach (a subject setting, a status). */
  note?: string;
}

/** The account roles by the names `Role` gives them. */
type RoleName = 'observer' | 'teacher' | 'admin' | 'superAdmin' | 'student' | 'guardian';

/** One reach per role, from a short list by role name: roles not named reach nothing. */
function reach(byName: Partial<Record<RoleName, Reach>>): RoleReach {
  return {
    [Role.observer]: byName.observer ?? Reach.none,
    [Role.teacher]: byName.teacher ?? Reach.none,
    [Role.admin]: byName.admin ?? Reach.none,
    [Role.superAdmin]: byName.superAdmin ?? Reach.none,
    [Role.student]: byName.student ?? Reach.none,
    [Role.guardian]: byName.guardian ?? Reach.none,
  };
}

/**
 * Who may read and write each kind of row (SPEC §6 where it speaks; the decisions where it is silent are in
 * docs/access.md). Keyed by entity; every sync collection and every row-bound call names its entity in
 * `access/entities.ts`, and the matrix test fails on one that does not.
 */
export const ACCESS_RULES = {
  subject: {
    rows: 'subjects, their classes, score names and highlights',
    read: reach({
      observer: Reach.all,
      teacher: Reach.workedSubject,
      admin: Reach.all,
      student: Reach.ownPublished,
      guardian: Reach.wardPublished,
    }),
    write: reach({ admin: Reach.all }),
    note: 'Highlights, assist lessons and score names are written by the teachers of the subject too.',
  },
  lesson: {
    rows: 'lessons and exams of a subject with their sittings, drafts included for staff',
    read: reach({
      observer: Reach.all,
      teacher: Reach.workedSubject,
      admin: Reach.all,
      student: Reach.ownPublished,
      guardian: Reach.wardPublished,
    }),
    write: reach({ teacher: Reach.workedSubject, admin: Reach.all }),
  },
  calendar: {
    rows: 'sittings as the school, teacher and student calendars show them',
    read: reach({
      observer: Reach.all,
      teacher: Reach.all,
      admin: Reach.all,
      student: Reach.ownPublished,
      guardian: Reach.wardPublished,
    }),
    note: 'A sitting names no student, so staff calendars show the whole school; a student sees the sittings of their classes and the published assist lessons of their subjects. A device keeps the narrower `lesson` rows.',
  },
  classWork: {
    rows: 'a class’s roster, attendance marks, scores and results, and the class sheets that show them',
    read: reach({
      teacher: Reach.taughtClass,
      admin: Reach.all,
      student: Reach.ownRecord,
      guardian: Reach.ward,
    }),
    write: reach({ teacher: Reach.taughtClass, admin: Reach.all }),
    note: 'A final score is set by a teacher only when the subject lets teachers (teacher_allow_update_final_score).',
  },
  formula: {
    rows: 'a subject’s final-score formula',
    read: reach({ observer: Reach.all, teacher: Reach.workedSubject, admin: Reach.all }),
    write: reach({ teacher: Reach.workedSubject, admin: Reach.all }),
    note: 'A teacher writes it only when the subject lets teachers set final scores (mayWriteFormula).',
  },
  classReport: {
    rows: 'reports over classes: attendance and achievement reports, report class lists, sub-score tables',
    read: reach({ observer: Reach.all, teacher: Reach.taughtClass, admin: Reach.all }),
    note: 'A teacher’s reports cover the classes they teach, the same scope as their synced class work.',
  },
  plan: {
    rows: 'lesson plans of a sitting',
    read: reach({
      observer: Reach.all,
      teacher: Reach.workedSubject,
      admin: Reach.all,
      student: Reach.ownPublished,
    }),
    write: reach({ teacher: Reach.taughtSitting, admin: Reach.all }),
    note: 'A student reads a plan only once the plan itself is published too.',
  },
  staffNote: {
    rows: 'memos, notes on plans and notes about students',
    read: reach({ observer: Reach.all, teacher: Reach.workedSubject, admin: Reach.all }),
    write: reach({ teacher: Reach.workedSubject, admin: Reach.all }),
    note: 'A teacher changes or deletes only their own memo (mayChangeMemo); notes on plans are written by the sitting’s teachers.',
  },
  student: {
    rows: 'a student’s record: profile, report card, requests by REST',
    read: reach({
      observer: Reach.all,
      teacher: Reach.workedSubject,
      admin: Reach.all,
      student: Reach.ownRecord,
      guardian: Reach.ward,
    }),
    write: reach({ teacher: Reach.taughtClass, admin: Reach.all, student: Reach.ownRecord }),
    note: 'A teacher looks up any student of a subject they work in (to seat them, to answer a request) and edits a student sitting in a class they are in charge of; a student edits only their own profile fields.',
  },
  person: {
    rows: 'the name cards a device keeps (`people`): name, number, avatar',
    read: reach({
      observer: Reach.all,
      teacher: Reach.taughtClass,
      admin: Reach.all,
      student: Reach.ownRecord,
      guardian: Reach.ward,
    }),
    note: 'The reaches are for students’ cards. Staff cards (teachers and admins) reach every device but the super admin’s: a student’s or guardian’s device names who teaches the student and decides their requests. A guardian’s card reaches the devices that reach their ward’s (the ward, the ward’s other guardians, the teachers of the ward’s classes, admins and observers), so a request the guardian filed names them wherever it is read (issue 43).',
  },
  staff: {
    rows: 'staff accounts (teachers, observers, admins)',
    read: reach({ observer: Reach.all, teacher: Reach.all, admin: Reach.all, superAdmin: Reach.all }),
    write: reach({ admin: Reach.all, superAdmin: Reach.all }),
    note: 'Admins manage teachers and observers; the super admin manages admins.',
  },
  request: {
    rows: 'students’ requests (absence, lateness, score check) and their decisions',
    read: reach({
      teacher: Reach.taughtClass,
      admin: Reach.all,
      student: Reach.ownRecord,
      guardian: Reach.ward,
    }),
    write: reach({
      teacher: Reach.taughtClass,
      admin: Reach.all,
      student: Reach.ownRecord,
      guardian: Reach.ward,
    }),
    note: 'A student files and cancels their own; a guardian files absence and lateness requests for a ward and cancels those they filed (the request is marked as filed by them); the teachers of the class (of the subject when no class) and admins decide.',
  },
  notification: {
    rows: 'the bell’s notifications',
    read: reach({
      observer: Reach.ownAccount,
      teacher: Reach.ownAccount,
      admin: Reach.ownAccount,
      superAdmin: Reach.ownAccount,
      student: Reach.ownAccount,
      guardian: Reach.ownAccount,
    }),
    write: reach({
      observer: Reach.ownAccount,
      teacher: Reach.ownAccount,
      admin: Reach.ownAccount,
      superAdmin: Reach.ownAccount,
      student: Reach.ownAccount,
      guardian: Reach.ownAccount,
    }),
  },
  sticky: {
    rows: 'dashboard cards',
    read: reach({
      observer: Reach.ownAccount,
      teacher: Reach.ownAccount,
      admin: Reach.ownAccount,
      student: Reach.ownAccount,
    }),
    write: reach({ teacher: Reach.ownAccount, admin: Reach.ownAccount }),
    note: 'A student reads only the cards meant for students (their highlights), which go when the highlight no longer holds; a request card closes when its request is decided (mayCloseSticky).',
  },
  master: {
    rows: 'master data: universities, faculties, year codes, class names, rooms, exam and subject names',
    read: reach({
      observer: Reach.all,
      teacher: Reach.all,
      admin: Reach.all,
      superAdmin: Reach.all,
      student: Reach.all,
      guardian: Reach.all,
    }),
    write: reach({ admin: Reach.all }),
  },
  schoolSetting: {
    rows: 'the school’s settings: whether a first sign-in with the school’s identity provider creates a student',
    read: reach({ admin: Reach.all }),
    write: reach({ admin: Reach.all }),
  },
} as const satisfies Record<string, EntityRules>;

/** A kind of row the rules' table covers. */
export type Entity = keyof typeof ACCESS_RULES;

/** How far `role` reaches to `kind` the rows of `entity`; `none` for a role the table does not name. */
export function reachOf(entity: Entity, kind: 'read' | 'write', role: AccountRole): Reach {
  const rules: EntityRules = ACCESS_RULES[entity];
  return rules[kind]?.[role] ?? Reach.none;
}
