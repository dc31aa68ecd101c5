import {
  type AccountRole,
  ADMINS_ONLY,
  ALL_BUT_SUPER_ADMIN,
  EVERYONE,
  GUARDIANS_ONLY,
  Role,
  SCHOOL_ROLES,
  STAFF_BUT_SUPER_ADMIN,
  TEACHERS_AND_ADMINS,
} from './roles';

// Apart from the call table (`permissions.ts`): the route guard runs on every page, the sign-in page's included,
// and needs only this table.

const { observer, teacher, admin, superAdmin, student, guardian } = Role;

/**
 * Route access of SPEC §6, keyed by the TanStack route path. A route prefix also covers the routes below it
 * unless a longer entry names them (SPEC §2: "/academic/subjects/{id} (non-exact, covers lessons)").
 */
export const ROUTE_ROLES = {
  '/': ALL_BUT_SUPER_ADMIN,
  '/profile': EVERYONE,
  '/notification-setting': EVERYONE,
  '/change-password': EVERYONE,
  '/otp': EVERYONE,
  '/not-found': EVERYONE,
  '/schedule/school': STAFF_BUT_SUPER_ADMIN,
  '/schedule/teacher': STAFF_BUT_SUPER_ADMIN,
  '/admins': [observer, admin, superAdmin],
  '/admins/add': [superAdmin],
  '/teachers': STAFF_BUT_SUPER_ADMIN,
  '/teachers/invite': ADMINS_ONLY,
  '/teachers/$teacherId': STAFF_BUT_SUPER_ADMIN,
  // SPEC §6 opens the list to students too, where it held 14 filters over a list of one, themself (issue 42):
  // a student's own record is "My record" (/achievement-attendance-profile), and /students sends them there.
  '/students': STAFF_BUT_SUPER_ADMIN,
  '/students/add': TEACHERS_AND_ADMINS,
  '/students/$studentId': STAFF_BUT_SUPER_ADMIN,
  '/observers': ADMINS_ONLY,
  '/observers/invite': ADMINS_ONLY,
  '/observers/$observerId': ADMINS_ONLY,
  '/attendance': TEACHERS_AND_ADMINS,
  '/achievement': TEACHERS_AND_ADMINS,
  '/achievement/subjects/$subjectId/score-names/$scoreNameId': TEACHERS_AND_ADMINS,
  '/academic/subjects': ALL_BUT_SUPER_ADMIN,
  '/academic/subjects/add': ADMINS_ONLY,
  '/academic/subjects/$subjectId': ALL_BUT_SUPER_ADMIN,
  // The copy-subject screen: copying is admin-only like its calls.
  '/academic/subjects/$subjectId/copy': ADMINS_ONLY,
  // A highlight's own screen: the staff who may read its detail call.
  '/academic/subjects/$subjectId/highlights/$highlightId': STAFF_BUT_SUPER_ADMIN,
  '/requests': [teacher, admin, student],
  '/requests/add': [student],
  '/requests/$requestId': EVERYONE,
  '/report/attendance': STAFF_BUT_SUPER_ADMIN,
  '/report/achievement': STAFF_BUT_SUPER_ADMIN,
  '/report/student': STAFF_BUT_SUPER_ADMIN,
  // SPEC names the student count statistics screen only; it sits with the reports, for the same roles.
  '/report/statistics': STAFF_BUT_SUPER_ADMIN,
  '/master-setting': ADMINS_ONLY,
  '/achievement-attendance-profile': [student],
  // "Who looked at my record" (issue 46): the reads of the student's own record, and their data out.
  '/who-looked': [student],
  '/viblo': [observer, teacher, admin, student],
  // The school's own screens: a guardian sees their children's, below, and nothing of the school else.
  '/viblo/events': SCHOOL_ROLES,
  '/viblo/events/add': ADMINS_ONLY,
  '/viblo/events/$eventId/edit': ADMINS_ONLY,
  // A guardian's screens (issue 43): the child switcher, and per child their day, dated attendance, scores,
  // requests and the excuse form. Which children is the server's `ward` scope, not the route's.
  '/children': GUARDIANS_ONLY,
  '/children/$studentId': GUARDIANS_ONLY,
} as const satisfies Record<string, readonly AccountRole[]>;

export type GuardedRoute = keyof typeof ROUTE_ROLES;

/**
 * Where a role that may not open a route goes instead of the 403 screen, because the route has a page of its
 * own for that role: a student's "Students" is their own record (issue 42), so an old link still lands well;
 * a guardian's home is the child switcher (issue 43).
 */
export const ROUTE_STAND_INS: Partial<Record<GuardedRoute, Partial<Record<AccountRole, GuardedRoute>>>> = {
  '/students': { [student]: '/achievement-attendance-profile' },
  // A guardian's home is their children: the dashboard is the school's.
  '/': { [guardian]: '/children' },
};

/** The route a role is sent to in place of one it may not open, or undefined when there is none (403). */
export function standInRoute(role: AccountRole, path: string): GuardedRoute | undefined {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return Object.hasOwn(ROUTE_STAND_INS, normalised)
    ? ROUTE_STAND_INS[normalised as GuardedRoute]?.[role]
    : undefined;
}

/** Routes anyone may open without signing in (SPEC §2). */
export const PUBLIC_ROUTES = ['/login', '/reset-password/$token'] as const;

/**
 * The roles accepted on a route path: the longest table entry that equals the path or is a segment-wise
 * prefix of it. Returns undefined for a path the table does not know.
 */
export function rolesForRoute(path: string): readonly AccountRole[] | undefined {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  let best: { length: number; roles: readonly AccountRole[] } | undefined;
  for (const [pattern, roles] of Object.entries(ROUTE_ROLES)) {
    if (!routePatternCovers(pattern, normalised)) continue;
    if (!best || pattern.length > best.length) best = { length: pattern.length, roles };
  }
  return best?.roles;
}

function routePatternCovers(pattern: string, path: string): boolean {
  if (pattern === '/') return path === '/';
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  if (pathParts.length < patternParts.length) return false;
  return patternParts.every((part, index) => part.startsWith('$') || part === pathParts[index]);
}

/** Whether a role may open a route path. */
export function canOpenRoute(role: AccountRole, path: string): boolean {
  return rolesForRoute(path)?.includes(role) ?? false;
}
