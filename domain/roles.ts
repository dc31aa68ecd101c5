/** Role codes of SPEC §1; any other number means no role. */
export const Role = {
  observer: 0,
  teacher: 1,
  admin: 2,
  superAdmin: 3,
  /** Described once as a system admin whose sidebar shows only administrators (SPEC §6). */
  systemAdmin: 4,
  student: 5,
  /**
   * A parent or guardian of one or more students (issue 43; a number SPEC §1 does not use): reads their
   * children's (wards') rows as the child sees them and files absence and lateness requests for them.
   */
  guardian: 6,
} as const;

export type Role = (typeof Role)[keyof typeof Role];

/** The roles a user account can hold (SPEC §9 "Role list"). */
export const ROLE_LIST = [
  Role.observer,
  Role.teacher,
  Role.admin,
  Role.superAdmin,
  Role.student,
  Role.guardian,
] as const;

export type AccountRole = (typeof ROLE_LIST)[number];

/** Staff roles: everyone but students and guardians. */
export const STAFF_ROLES = [Role.observer, Role.teacher, Role.admin, Role.superAdmin] as const;

/** Narrows an unknown number to a role code. */
export function isAccountRole(value: unknown): value is AccountRole {
  return typeof value === 'number' && (ROLE_LIST as readonly number[]).includes(value);
}

/**
 * Roles treated as always online and never given offline caches (SPEC §4). A guardian is offline-first like
 * a student: their device keeps their children's rows.
 */
export function isAlwaysOnlineRole(role: AccountRole): boolean {
  return role === Role.observer || role === Role.superAdmin;
}

// Role groups of SPEC §6, named once for the route table (`route-roles.ts`) and the call table (`permissions.ts`).
const { observer, teacher, admin, superAdmin, student, guardian } = Role;

/** Every account role, guardians included: the own-account screens and calls. */
export const EVERYONE: readonly AccountRole[] = ROLE_LIST;
/** Every role of the school itself (SPEC §1): everyone but guardians, who see only their children's rows. */
export const SCHOOL_ROLES: readonly AccountRole[] = [observer, teacher, admin, superAdmin, student];
/** Everyone but the super admin. */
export const ALL_BUT_SUPER_ADMIN: readonly AccountRole[] = [observer, teacher, admin, student];
/** Observers, teachers and admins. */
export const STAFF_BUT_SUPER_ADMIN: readonly AccountRole[] = [observer, teacher, admin];
/** Teachers and admins. */
export const TEACHERS_AND_ADMINS: readonly AccountRole[] = [teacher, admin];
/** Admins alone. */
export const ADMINS_ONLY: readonly AccountRole[] = [admin];
/** The super admin alone. */
export const SUPER_ADMIN_ONLY: readonly AccountRole[] = [superAdmin];
/** Students alone. */
export const STUDENTS_ONLY: readonly AccountRole[] = [student];
/** Teachers, admins and students: the writers of stickies and the offline caches of SPEC §4. */
export const TEACHERS_ADMINS_STUDENTS: readonly AccountRole[] = [teacher, admin, student];
/** Students and their guardians: who reads a student's own rows (the student's, or a ward's). */
export const STUDENTS_AND_GUARDIANS: readonly AccountRole[] = [student, guardian];
/** Guardians alone. */
export const GUARDIANS_ONLY: readonly AccountRole[] = [guardian];
/** The roles that read and write requests: teachers and admins decide, students and guardians file. */
export const REQUEST_ROLES: readonly AccountRole[] = [teacher, admin, student, guardian];
/** Every role that pulls synced collections beyond master and the bell: all but the super admin. */
export const SYNC_PULL_ROLES: readonly AccountRole[] = [observer, teacher, admin, student, guardian];
/**
 * The roles that keep offline data (SPEC §4: all but 0 and 3; guardians like students) and push the writes
 * they made offline.
 */
export const OFFLINE_FIRST_ROLES: readonly AccountRole[] = [teacher, admin, student, guardian];
/** Everyone but students: the `users` variants of the own-account calls (guardians use them too). */
export const USERS_ACCOUNT_ROLES: readonly AccountRole[] = [observer, teacher, admin, superAdmin, guardian];
/** Whoever opens the `/admins` screen (SPEC §6: all but 1 and 5). */
export const ADMINS_SCREEN: readonly AccountRole[] = [observer, admin, superAdmin];
