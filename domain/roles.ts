/** Role codes of SPEC §1; any other number means no role. */
export const Role = {
  observer: 0,
  teacher: 1,
  admin: 2,
  superAdmin: 3,
  /** Described once as a system admin whose sidebar shows only administrators (SPEC §6). */
  systemAdmin: 4,
  student: 5,
} as const;

export type Role = (typeof Role)[keyof typeof Role];

/** The roles a user account can hold (SPEC §9 "Role list"). */
export const ROLE_LIST = [Role.observer, Role.teacher, Role.admin, Role.superAdmin, Role.student] as const;

export type AccountRole = (typeof ROLE_LIST)[number];

/** Staff roles: everyone but students. */
export const STAFF_ROLES = [Role.observer, Role.teacher, Role.admin, Role.superAdmin] as const;

/** Narrows an unknown number to a role code. */
export function isAccountRole(value: unknown): value is AccountRole {
  return typeof value === 'number' && (ROLE_LIST as readonly number[]).includes(value);
}

/** Roles treated as always online and never given offline caches (SPEC §4). */
export function isAlwaysOnlineRole(role: AccountRole): boolean {
  return role === Role.observer || role === Role.superAdmin;
}

// Role groups of SPEC §6, named once for the route table (`route-roles.ts`) and the call table (`permissions.ts`).
const { observer, teacher, admin, superAdmin, student } = Role;

/** Every account role. */
export const EVERYONE: readonly AccountRole[] = ROLE_LIST;
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
/** Every staff role, super admin included: the `users` variants of the account calls. */
export const STAFF: readonly AccountRole[] = [observer, teacher, admin, superAdmin];
/** Teachers, admins and students: the writers of requests, stickies and offline caches. */
export const TEACHERS_ADMINS_STUDENTS: readonly AccountRole[] = [teacher, admin, student];
/** Whoever opens the `/admins` screen (SPEC §6: all but 1 and 5). */
export const ADMINS_SCREEN: readonly AccountRole[] = [observer, admin, superAdmin];
