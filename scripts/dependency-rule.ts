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
    const reason = serverViolation(source.part, dest.part);
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

/**
 * The server's own layers: `server/access` (who may see and change what) sits under the modules and the sync
 * engine and imports neither; the engine is generic and imports no module, which hand it their collections.
 */
function serverViolation(
  from: 'access' | 'sync' | 'modules' | 'other',
  to: 'access' | 'sync' | 'modules' | 'other',
): string | null {
  if (from === 'access' && (to === 'modules' || to === 'sync')) {
    return `server/access imports neither server/modules nor server/sync (→ server/${to})`;
  }
  if (from === 'sync' && to === 'modules') return 'server/sync never imports server/modules';
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
