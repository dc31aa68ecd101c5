import path from 'node:path';

/**
 * The dependency rule of ARCHITECTURE §2, as one pure function over "file imports target" pairs, so the
 * checker script and its test share it.
 */

/** The layer a repository file belongs to, as the rule names them. */
export type Layer =
  | { kind: 'domain' }
  | { kind: 'server'; part: 'access' | 'sync' | 'modules' | 'other' }
  | { kind: 'src'; part: 'ui' | 'db' | 'sync' | 'workers' | 'app' | 'routes' | 'i18n' | 'api' | 'other' }
  | { kind: 'feature'; area: string }
  | { kind: 'test' }
  | { kind: 'tooling' };

const TEST_FILE = /\.(test|spec)\.tsx?$/;

/** Classifies a repository-relative path (forward slashes). */
export function layerOf(file: string): Layer {
  if (TEST_FILE.test(file) || file.startsWith('tests/') || file.endsWith('test-helper.ts'))
    return { kind: 'test' };
  if (file.startsWith('server/testing/')) return { kind: 'test' };
  if (file.startsWith('domain/')) return { kind: 'domain' };
  if (file.startsWith('server/')) {
    const part = file.split('/')[1] ?? '';
    const known = ['access', 'sync', 'modules'] as const;
    const match = known.find((name) => name === part);
    return { kind: 'server', part: match ?? 'other' };
  }
  if (file.startsWith('src/features/')) return { kind: 'feature', area: file.split('/')[2] ?? '' };
  if (file.startsWith('src/')) {
    const part = file.split('/')[1] ?? '';
    const known = ['ui', 'db', 'sync', 'workers', 'app', 'routes', 'i18n', 'api'] as const;
    const match = known.find((name) => name === part);
    return { kind: 'src', part: match ?? 'other' };
  }
  return { kind: 'tooling' };
}

/** Packages the pure domain may use; everything else would tie it to one side. */
const DOMAIN_PACKAGES = new Set(['zod']);

/**
 * Why an import breaks the rule, or null when it is allowed. `target` is a repository-relative path for
 * project files, or a bare package name.
 */
export function violation(from: string, target: string, isPackage: boolean): string | null {
  const source = layerOf(from);
  if (isPackage) {
    if (source.kind === 'domain' && !DOMAIN_PACKAGES.has(packageName(target))) {
      return `domain/ may use only ${[...DOMAIN_PACKAGES].join(', ')}, not ${target}`;
    }
    return null;
  }
  const dest = layerOf(target);
  if (source.kind === 'test' || source.kind === 'tooling') return null;
  if (dest.kind === 'server' && source.kind !== 'server') return 'nothing imports server/ but tests';
  if (source.kind === 'domain' && dest.kind !== 'domain')
    return 'domain/ imports nothing from src/ or server/';
  if (source.kind === 'server' && (dest.kind === 'src' || dest.kind === 'feature')) {
    return 'server/ never imports src/';
  }
  if (source.kind === 'server' && dest.kind === 'server') {
    const reason = serverViolation(from, target);
    if (reason) return reason;
  }
  // `features/shared` holds feature-neutral parts several screens use (xlsx export, class filter, online calls).
  if (
    dest.kind === 'feature' &&
    source.kind === 'feature' &&
    dest.area !== source.area &&
    dest.area !== 'shared'
  ) {
    return `features never import each other (${source.area} → ${dest.area})`;
  }
  // Only routes compose features; the shell takes what it shows of one (the bell) from its route.
  if (dest.kind === 'feature' && source.kind === 'src' && source.part === 'app') {
    return 'src/app never imports a feature: its route hands the feature in';
  }
  if (dest.kind === 'feature' && source.kind === 'src' && source.part !== 'routes') {
    return `src/${source.part} may not import a feature`;
  }
  if (dest.kind === 'src' && dest.part === 'db') {
    // app/ may open the signed-in user's database and provide it; screens still read it through features.
    const allowed =
      source.kind === 'feature' ||
      (source.kind === 'src' && ['db', 'sync', 'workers', 'app'].includes(source.part));
    if (!allowed) return 'src/db is used only by features, sync, workers and the app providers';
  }
  // `src/api` is the one typed client of the call table: it builds on the HTTP transport of src/sync and the
  // error codes of src/i18n, and knows nothing of screens or the local database.
  if (
    source.kind === 'src' &&
    source.part === 'api' &&
    dest.kind === 'src' &&
    !['api', 'sync', 'i18n'].includes(dest.part)
  ) {
    return `src/api may use only src/api, src/sync, src/i18n and domain/, not src/${dest.part}`;
  }
  if (
    source.kind === 'src' &&
    source.part === 'ui' &&
    dest.kind === 'src' &&
    !['ui', 'i18n'].includes(dest.part)
  ) {
    return `src/ui may use only src/ui, src/i18n and domain/, not src/${dest.part}`;
  }
  return null;
}

// --------------------------------------------------------------------------------------------------------
// The server's floors (ARCHITECTURE §2, the layout and the dependency rule): every server file stands in a room (a
// folder or a file right under server/, each module of server/modules its own room), every room on a floor, and
// a file imports only its own room and rooms on lower floors. Nothing under the modules imports one, so the
// config, the database, the plugins and the sync engine never reach up into a module; the app composes them.

/** The rooms of server/ by floor, lowest first. A room of no floor is refused until it is placed here. */
export const SERVER_FLOORS: readonly (readonly string[])[] = [
  // Leaves: they import nothing of the server.
  [
    'http-error.ts',
    'school-clock.ts',
    'address-ranges.ts',
    'oidc-config.ts',
    'build-info.ts',
    'mail-transport.ts',
  ],
  ['config.ts'],
  // argon2 with the configured cost: the seed hashes demo passwords with it, the auth module every other.
  ['passwords.ts'],
  ['db'],
  // Who may see and change what; the counters; the change feed that tells instances and sockets of writes.
  ['access', 'metrics.ts', 'feed'],
  ['jobs', 'access-log', 'mail'],
  // What the app hands every area: built by app.ts from the floors below.
  ['deps.ts'],
  // Fastify plugins: session (and its store, which the auth module writes), CSRF, calls, socket.
  ['plugins'],
  // The generic sync engine: collections are handed to it by app.ts (server/modules/collections.ts).
  ['sync'],
  ['modules'],
  // The composition: the list of sync collections, the list of areas' routes, the app that wires everything,
  // its entry point.
  ['modules/collections.ts'],
  ['modules/areas.ts'],
  ['app.ts'],
  ['main.ts'],
];

/**
 * The modules each module may import (besides its own files and `shared`): the declared seam between areas,
 * kept free of circles (`moduleCircle`). A module whose name is missing imports no other.
 */
export const MODULE_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  // An absence notice is a notification (dashboard) sent by mail and Web Push (push).
  'absence-notices': ['dashboard', 'push'],
  // Account changes notify the dashboard; the device list words devices as sign-in does.
  account: ['auth', 'dashboard'],
  // Marking a student absent schedules their guardians' notice.
  attendance: ['absence-notices'],
  // Sign-ins notify the dashboard; a provider sign-in reads the school's setting for new students (issue 44).
  auth: ['dashboard', 'school-settings'],
  // A ranking import reads a sheet as the achievement import does; its nightly run is a dashboard job.
  events: ['achievement', 'dashboard'],
  highlights: ['dashboard', 'people', 'subjects'],
  // Lessons, memos and plans are written under a subject's rows (subjects/write, subjects/queries).
  lessons: ['subjects'],
  memos: ['dashboard', 'subjects'],
  notes: ['dashboard'],
  // Adding a person issues their password link and ends trust through the auth module.
  people: ['auth'],
  plans: ['notes', 'subjects'],
  // An accepted request writes achievements and attendance through their collections.
  requests: ['achievement', 'attendance', 'dashboard'],
  schedules: ['master'],
  subjects: ['achievement'],
};

/** The module every module may import: SQL and rules several areas count alike (GPA, tallies, held sittings). */
export const SHARED_MODULE = 'shared';

/** The room of a server file: `modules/<name>` for a module's file, else the first part under server/. */
export function serverRoomOf(file: string): string {
  const parts = file.split('/');
  if (parts[1] === 'modules' && parts.length > 3) return `modules/${parts[2]}`;
  if (parts[1] === 'modules' && parts.length === 3) return `modules/${parts[2]?.replace(/\.tsx?$/, '.ts')}`;
  const first = parts[1] ?? '';
  return parts.length > 2 ? first : first.replace(/\.tsx?$/, '.ts');
}

function isModule(room: string): boolean {
  return room.startsWith('modules/') && !room.endsWith('.ts');
}

/** The floor of a room (index into `SERVER_FLOORS`), or -1 when it has none. */
function floorOf(room: string): number {
  // A module is a folder of server/modules; a file right under it (the lists of areas) has a floor of its own.
  if (isModule(room)) return floorOf('modules');
  return SERVER_FLOORS.findIndex((rooms) => rooms.includes(room));
}

/** Why a server file may not import another server file, or null (the floors, then the modules' seam). */
export function serverViolation(from: string, to: string): string | null {
  const source = serverRoomOf(from);
  const dest = serverRoomOf(to.endsWith('.ts') ? to : `${to}.ts`);
  if (source === dest) return null;
  const sourceFloor = floorOf(source);
  const destFloor = floorOf(dest);
  if (sourceFloor < 0) return `server/${source} stands on no floor: place it in SERVER_FLOORS`;
  if (destFloor < 0) return `server/${dest} stands on no floor: place it in SERVER_FLOORS`;
  if (isModule(source) && isModule(dest)) {
    return moduleViolation(source.slice('modules/'.length), dest.slice('modules/'.length));
  }
  if (destFloor > sourceFloor) {
    return `server/${source} may not import server/${dest}, a floor above it (an upward arrow): move the shared piece down`;
  }
  if (destFloor === sourceFloor) {
    return `server/${source} and server/${dest} stand on one floor and do not import each other`;
  }
  return null;
}

function moduleViolation(from: string, to: string): string | null {
  if (to === SHARED_MODULE) return null;
  if (from === SHARED_MODULE) return `modules/${SHARED_MODULE} imports no module (→ modules/${to})`;
  if ((MODULE_IMPORTS[from] ?? []).includes(to)) return null;
  return `module ${from} may not import module ${to}: declare it in MODULE_IMPORTS (no circle) or move the shared piece to modules/${SHARED_MODULE}`;
}

/** A circle in a table of module imports, as the modules it runs through (first repeated last), or null. */
export function moduleCircle(table: Readonly<Record<string, readonly string[]>>): string[] | null {
  const done = new Set<string>();
  const walk = (name: string, path: string[]): string[] | null => {
    const seen = path.indexOf(name);
    if (seen >= 0) return [...path.slice(seen), name];
    if (done.has(name)) return null;
    for (const next of table[name] ?? []) {
      const circle = walk(next, [...path, name]);
      if (circle) return circle;
    }
    done.add(name);
    return null;
  };
  for (const name of Object.keys(table)) {
    const circle = walk(name, []);
    if (circle) return circle;
  }
  return null;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const IMPORT_PATTERN =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]|new\s+URL\(\s*['"]([^'"]+)['"]/g;

/** The module specifiers a source text imports (static, dynamic, side-effect and worker URLs). */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (specifier) found.push(specifier);
  }
  return found;
}

/** Resolves a relative specifier against the importing file; null for packages and virtual modules. */
export function resolveProjectPath(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
}

// --------------------------------------------------------------------------------------------------------
// ARCHITECTURE §2, server/access: the only place that reads assignment and enrolment tables for permission,
// and the only place a pull scope is built.

/** The assignment and enrolment tables (SQL names, then the Drizzle schema objects that name them). */
const ASSIGNMENT_TABLES = [
  'class_teachers',
  'schedule_teachers',
  'subject_students',
  'guardian_links',
  'guardians',
  'classTeachers',
  'scheduleTeachers',
  'subjectStudents',
  'guardianLinks',
] as const;

/**
 * The files outside server/access and server/db that write assignments or enrolments, with what each writes.
 * In them a table may be named only where it is written (insert, update, delete, or a table name handed to a
 * writer): a read of it (`from` or `join` it) is still refused.
 */
export const ASSIGNMENT_WRITERS: Readonly<Record<string, string>> = {
  'server/modules/subjects/write.ts':
    "sets the teachers of a class or a sitting, and soft-deletes a subject's assignments and enrolments",
  'server/modules/subjects/service.ts':
    'puts a class in charge of its teachers; enrols students, takes them off',
  'server/modules/subjects/copy.ts': "inserts the copied sittings' teachers",
  'server/modules/lessons/service.ts': "names a sitting's teachers, takes them off with the sitting",
  'server/modules/people/students.ts':
    'enrols a student put in a class of a subject, or revives the enrolment',
  'server/modules/people/guardians.ts': 'links a guardian to a student and ends the link (issue 43)',
};

/** Comments blanked (newlines kept, so line numbers hold): a comment may name a table, only code may not. */
function withoutComments(text: string): string {
  const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
  return text
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/(^|[^:'"\w])(\/\/[^\n]*)/gm, (_, before, comment) => {
      return `${before}${blank(comment)}`;
    });
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** Whether a file answers to the assignment rule: server code outside server/access and server/db, no test. */
function underAssignmentRule(file: string): boolean {
  const layer = layerOf(file);
  return layer.kind === 'server' && layer.part !== 'access' && !file.startsWith('server/db/');
}

/**
 * Where a server file reads an assignment or enrolment table outside server/access (ARCHITECTURE §2), one
 * message per place: any mention in code, or in a declared writer (`ASSIGNMENT_WRITERS`) a `from` or `join`
 * of it. Comments, tests, server/access and server/db are exempt.
 */
export function assignmentTableViolations(file: string, text: string): string[] {
  if (!underAssignmentRule(file)) return [];
  const code = withoutComments(text);
  const names = ASSIGNMENT_TABLES.join('|');
  const writer = Object.hasOwn(ASSIGNMENT_WRITERS, file);
  const pattern = writer
    ? new RegExp(`(?:(?<!\\bdelete\\s+)\\bfrom|\\bjoin|\\.from\\(|[jJ]oin\\()\\s*(${names})(?![\\w/])`, 'gi')
    : new RegExp(`(?<![\\w/])(${names})(?![\\w/])`, 'g');
  return [...code.matchAll(pattern)].map((match) => {
    const what = writer ? `reads ${match[1]}` : `names ${match[1]}`;
    return `${file}:${lineOf(code, match.index)}: ${what}: assignments and enrolments are read only in server/access`;
  });
}

/** The local names a file imports from server/access (`import { a, b as c } from '../../access/x'`). */
function accessImports(file: string, text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const target = resolveProjectPath(file, match[2] ?? '');
    if (!target?.startsWith('server/access/')) continue;
    for (const part of (match[1] ?? '').split(',')) {
      const local = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (local) names.add(local);
    }
  }
  return names;
}

/**
 * Where a module builds a pull scope of its own: in a server/modules file that defines a sync collection
 * (`SyncCollectionDef`), each `scope` property must call a `…ReadScope` function imported from server/access,
 * the policy of its rows. The property runs from `scope` to the next line indented no deeper than it.
 */
export function pullScopeViolations(file: string, text: string): string[] {
  const layer = layerOf(file);
  if (layer.kind !== 'server' || layer.part !== 'modules' || !text.includes('SyncCollectionDef')) return [];
  const code = withoutComments(text);
  const policies = [...accessImports(file, code)].filter((name) => name.endsWith('ReadScope'));
  const lines = code.split('\n');
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const start = /^(\s*)scope\s*[:(]/.exec(line);
    if (!start) return;
    const depth = start[1]?.length ?? 0;
    let end = index + 1;
    while (end < lines.length) {
      const next = lines[end] ?? '';
      if (next.trim() !== '' && next.length - next.trimStart().length <= depth) break;
      end += 1;
    }
    const property = lines.slice(index, end).join('\n');
    const callsPolicy = policies.some((name) => new RegExp(`\\b${name}\\s*\\(`).test(property));
    if (!callsPolicy) {
      problems.push(
        `${file}:${index + 1}: a collection's scope must call a …ReadScope function of server/access, not build its own`,
      );
    }
  });
  return problems;
}
