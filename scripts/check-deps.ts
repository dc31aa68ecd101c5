import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assignmentTableViolations,
  importsOf,
  layerOf,
  MODULE_IMPORTS,
  moduleCircle,
  pullScopeViolations,
  resolveProjectPath,
  serverRoomOf,
  violation,
} from './dependency-rule';

// Walks every TypeScript file of the layered folders and prints each import that breaks ARCHITECTURE §2 (the
// server's floors and the modules' declared seam included), each read of an assignment or enrolment table
// outside server/access, and each pull scope a module builds; then a circle or a stale line in MODULE_IMPORTS.
const ROOTS = ['domain', 'src', 'server', 'tests', 'bench'];
const root = path.resolve(import.meta.dirname, '..');

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(path.join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'migrations') continue;
      yield* sourceFiles(relative);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts')) {
      yield relative;
    }
  }
}

const problems: string[] = [];
let checked = 0;
/** The module → module imports production code makes, `from → to`, to find declarations nothing uses. */
const moduleEdges = new Set<string>();
for (const dir of ROOTS) {
  for await (const file of sourceFiles(dir)) {
    checked += 1;
    const text = await readFile(path.join(root, file), 'utf8');
    for (const specifier of importsOf(text)) {
      if (specifier.startsWith('virtual:') || specifier.startsWith('node:')) continue;
      const target = resolveProjectPath(file, specifier);
      const reason = target === null ? violation(file, specifier, true) : violation(file, target, false);
      if (reason) problems.push(`${file}: imports '${specifier}': ${reason}`);
      if (target?.startsWith('server/modules/') && layerOf(file).kind === 'server') {
        const [from, to] = [serverRoomOf(file), serverRoomOf(`${target}.ts`)];
        if (from !== to && !from.endsWith('.ts') && from.startsWith('modules/')) {
          moduleEdges.add(`${from.slice(8)} → ${to.slice(8)}`);
        }
      }
    }
    problems.push(...assignmentTableViolations(file, text), ...pullScopeViolations(file, text));
  }
}

const circle = moduleCircle(MODULE_IMPORTS);
if (circle) problems.push(`MODULE_IMPORTS runs in a circle: ${circle.join(' → ')}`);
for (const [from, tos] of Object.entries(MODULE_IMPORTS)) {
  for (const to of tos) {
    if (!moduleEdges.has(`${from} → ${to}`)) {
      problems.push(`MODULE_IMPORTS lets ${from} import ${to}, which it no longer does: drop the line`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Dependency rule broken in ${problems.length} place(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Dependency rule holds across ${checked} files.`);
