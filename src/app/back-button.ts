/**
 * The back button of SPEC §2 as pure functions: when it shows and where it goes. The shell feeds it the
 * matched route, the URL and the session-stored list of pages this tab visited.
 */

/** The screens of SPEC §2 a back button may return to, as route patterns (`$` marks a parameter). */
const SCREEN_PATTERNS: readonly string[] = [
  '/',
  '/profile',
  '/notification-setting',
  '/schedule/school',
  '/schedule/teacher',
  '/admins',
  '/teachers',
  '/teachers/$',
  '/students',
  '/students/$',
  '/observers',
  '/observers/$',
  '/attendance',
  '/achievement',
  '/academic/subjects',
  '/academic/subjects/$',
  '/academic/subjects/$/lessons/$',
  '/academic/subjects/$/lessons/$/schedules/$',
  '/requests',
  '/requests/$',
  '/report/attendance',
  '/report/achievement',
  '/report/student',
  '/report/statistics',
  '/master-setting',
  '/viblo',
  '/viblo/events',
];

/** Route-path endings of add screens (SPEC §2 calls inviting a teacher or observer adding one). */
const ADD_ENDINGS = ['/add', '/invite'];

/** What the back button does on a page. */
export type BackDecision = { visible: false } | { visible: true; href: string };

/** The page the back button is asked about. */
export type BackInput = {
  /** The matched route's path with its parameters (`/students/$studentId`). */
  routePath: string;
  /** The concrete path (`/students/42`). */
  pathname: string;
  search: Readonly<Record<string, unknown>>;
  /** The session-stored visit list, the current page last. */
  history: readonly string[];
};

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function segments(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

/** Whether SPEC §2 puts a back button on this route (add, detail, edit, teacher schedule, profile). */
export function routeHasBackButton(routePath: string, search: Readonly<Record<string, unknown>>): boolean {
  if (routePath === '/schedule/teacher') {
    return present(search.teacher) && present(search.month) && present(search.year);
  }
  if (routePath === '/achievement-attendance-profile') return true;
  if (ADD_ENDINGS.some((ending) => routePath.endsWith(ending))) return true;
  if (routePath.endsWith('/edit')) return true;
  return segments(routePath).at(-1)?.startsWith('$') ?? false;
}

function matchesScreen(parts: readonly string[]): boolean {
  return SCREEN_PATTERNS.some((pattern) => {
    const patternParts = segments(pattern);
    if (patternParts.length !== parts.length) return false;
    return patternParts.every((part, index) => part === '$' || part === parts[index]);
  });
}

function withQuery(path: string, query: Readonly<Record<string, string>>): string {
  const params = new URLSearchParams(query).toString();
  return params ? `${path}?${params}` : path;
}

/**
 * The parent screen of a page when there is no visit to return to: the nearest screen above it, carrying
 * `tab` and `classId`; `lessonId` on a subject page returns to that lesson. Events pages return to the
 * events area with `tab=event`; the teacher schedule drops the chosen teacher and keeps month and year.
 */
export function parentHref(pathname: string, search: Readonly<Record<string, unknown>>): string {
  const parts = segments(pathname);
  const carried: Record<string, string> = {};
  if (present(search.tab)) carried.tab = String(search.tab);
  if (present(search.classId)) carried.classId = String(search.classId);

  if (parts[0] === 'viblo' && parts[1] === 'events') return withQuery('/viblo', { tab: 'event' });
  if (pathname === '/schedule/teacher') {
    return withQuery('/schedule/teacher', { month: String(search.month), year: String(search.year) });
  }
  if (parts[0] === 'academic' && parts[1] === 'subjects' && present(search.lessonId)) {
    const lessonPath = `/academic/subjects/${parts[2]}/lessons/${String(search.lessonId)}`;
    if (parts.length > 2 && lessonPath !== pathname) return withQuery(lessonPath, carried);
  }
  for (let length = parts.length - 1; length > 0; length -= 1) {
    const candidate = parts.slice(0, length);
    if (matchesScreen(candidate)) return withQuery(`/${candidate.join('/')}`, carried);
  }
  return withQuery('/', carried);
}

/**
 * Where the back button goes: the previous page of this tab when there is one; on a first page load it is
 * shown only with a `tab` or `classId` parameter, and then goes to the parent screen.
 */
export function decideBack(input: BackInput): BackDecision {
  if (!routeHasBackButton(input.routePath, input.search)) return { visible: false };
  const previous = input.history.at(-2);
  if (previous !== undefined) return { visible: true, href: previous };
  if (!present(input.search.tab) && !present(input.search.classId)) return { visible: false };
  return { visible: true, href: parentHref(input.pathname, input.search) };
}
