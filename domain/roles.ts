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
