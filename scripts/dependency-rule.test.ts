import { describe, expect, it } from 'vitest';
import {
  assignmentTableViolations,
  importsOf,
  MODULE_IMPORTS,
  moduleCircle,
  pullScopeViolations,
  resolveProjectPath,
  SHARED_MODULE,
  violation,
} from './dependency-rule';

describe('dependency rule', () => {
  it('lets every layer use domain/', () => {
    expect(violation('src/features/master/master-screen.tsx', 'domain/master', false)).toBeNull();
    expect(violation('server/modules/master/service.ts', 'domain/master', false)).toBeNull();
  });

  it('keeps domain/ pure', () => {
    expect(violation('domain/roles.ts', 'src/db/database', false)).toMatch(/domain/);
    expect(violation('domain/roles.ts', 'react', true)).toMatch(/domain/);
    expect(violation('domain/roles.ts', 'zod', true)).toBeNull();
  });

  it('refuses a feature importing another feature', () => {
    expect(violation('src/features/attendance/grid.tsx', 'src/features/master/list', false)).toMatch(
      /features/,
    );
    expect(violation('src/features/attendance/grid.tsx', 'src/features/attendance/cell', false)).toBeNull();
    expect(
      violation('src/features/achievement/grid.tsx', 'src/features/shared/xlsx-export', false),
    ).toBeNull();
    expect(violation('src/features/shared/xlsx-export.ts', 'src/features/master/list', false)).toMatch(
      /features/,
    );
  });

  it('keeps server/ out of the SPA and the SPA out of the server', () => {
    expect(violation('src/app/router.tsx', 'server/app', false)).toMatch(/server/);
    expect(violation('server/app.ts', 'src/db/database', false)).toMatch(/server/);
    expect(violation('tests/e2e/master.spec.ts', 'server/app', false)).toBeNull();
  });

  it('keeps server/access under the modules and the sync engine, and the engine off the modules', () => {
    expect(violation('server/modules/attendance/service.ts', 'server/access/classes', false)).toBeNull();
    expect(violation('server/modules/attendance/collection.ts', 'server/sync/engine', false)).toBeNull();
    expect(violation('server/sync/engine.ts', 'server/access/actor', false)).toBeNull();
    expect(violation('server/access/classes.ts', 'server/db/rows', false)).toBeNull();
    expect(violation('server/sync/routes.ts', 'server/modules/attendance/collection', false)).toMatch(
      /upward arrow/,
    );
    expect(violation('server/access/classes.ts', 'server/modules/achievement/queries', false)).toMatch(
      /upward arrow/,
    );
    expect(violation('server/access/classes.ts', 'server/sync/engine', false)).toMatch(/upward arrow/);
    expect(violation('server/sync/push.test.ts', 'server/modules/attendance/collection', false)).toBeNull();
  });

  it('refuses an import from config, db, plugins or deps up into a module', () => {
    expect(violation('server/config.ts', 'server/modules/mail/transport', false)).toMatch(
      /server\/config.ts may not import server\/modules\/mail, a floor above it/,
    );
    expect(violation('server/db/seed.ts', 'server/modules/auth/passwords', false)).toMatch(/upward arrow/);
    expect(violation('server/plugins/session.ts', 'server/modules/auth/sessions', false)).toMatch(
      /upward arrow/,
    );
    expect(violation('server/deps.ts', 'server/modules/dashboard/refresh', false)).toMatch(/upward arrow/);
    expect(violation('server/db/seed.ts', 'server/sync/engine', false)).toMatch(/upward arrow/);
    // Only the composition reaches every module.
    expect(violation('server/app.ts', 'server/modules/attendance/routes', false)).toBeNull();
    expect(
      violation('server/modules/collections.ts', 'server/modules/attendance/collection', false),
    ).toBeNull();
    expect(violation('server/modules/areas.ts', 'server/modules/attendance/routes', false)).toBeNull();
    expect(violation('server/modules/attendance/routes.ts', 'server/modules/areas', false)).toMatch(
      /upward arrow/,
    );
    // Down is fine: a module uses the plugins, the engine, the database, the config.
    expect(violation('server/modules/auth/routes.ts', 'server/plugins/session-store', false)).toBeNull();
    expect(violation('server/db/seed.ts', 'server/passwords', false)).toBeNull();
  });

  it('keeps rooms of one floor apart, and places every room of server/ on a floor', () => {
    expect(violation('server/jobs/queue.ts', 'server/mail/outbox', false)).toMatch(/one floor/);
    expect(violation('server/stray/thing.ts', 'server/db/client', false)).toMatch(/no floor/);
    expect(violation('server/db/client.ts', 'server/stray', false)).toMatch(/no floor/);
  });

  it('lets a module import only its own files, modules/shared and the modules declared for it', () => {
    expect(violation('server/modules/lessons/service.ts', 'server/modules/lessons/assist', false)).toBeNull();
    expect(violation('server/modules/lessons/service.ts', 'server/modules/subjects/write', false)).toBeNull();
    expect(violation('server/modules/reports/routes.ts', 'server/modules/shared/gpa-sql', false)).toBeNull();
    // The circle issue 47 found: achievement and reports imported each other.
    expect(
      violation('server/modules/achievement/profile.ts', 'server/modules/reports/attendance-report', false),
    ).toMatch(/module achievement may not import module reports/);
    expect(violation('server/modules/reports/report.ts', 'server/modules/achievement/gpa', false)).toMatch(
      /module reports may not import module achievement/,
    );
    expect(violation('server/modules/shared/gpa-sql.ts', 'server/modules/people/staff', false)).toMatch(
      /modules\/shared imports no module/,
    );
  });

  it('finds a circle in a table of module imports, and none in the declared one', () => {
    expect(moduleCircle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
    expect(moduleCircle({ a: ['b', 'c'], b: ['c'], c: [] })).toBeNull();
    expect(moduleCircle(MODULE_IMPORTS)).toBeNull();
    for (const [from, tos] of Object.entries(MODULE_IMPORTS)) {
      expect(tos).not.toContain(from);
      expect(tos).not.toContain(SHARED_MODULE);
    }
  });

  it('lets only features, sync and workers reach src/db', () => {
    expect(violation('src/sync/replicate-master.ts', 'src/db/database', false)).toBeNull();
    expect(violation('src/workers/sync.worker.ts', 'src/db/database', false)).toBeNull();
    expect(violation('src/ui/table.tsx', 'src/db/database', false)).toMatch(/src\/db/);
  });

  it('keeps features out of src/app: only routes compose them', () => {
    expect(
      violation('src/app/sync-issue-list.tsx', 'src/features/attendance/attendance-labels', false),
    ).toMatch(/src\/app never imports a feature/);
    expect(violation('src/app/shell-layout.tsx', 'src/db/synced-collection-wording', false)).toBeNull();
    expect(
      violation('src/routes/_app.tsx', 'src/features/notifications/header-notifications', false),
    ).toBeNull();
    expect(violation('src/sync/sync-engine.ts', 'src/features/attendance/grid', false)).toMatch(/feature/);
  });

  it('keeps the call client to the transport and the error codes', () => {
    expect(violation('src/api/call-api.ts', 'src/sync/http', false)).toBeNull();
    expect(violation('src/api/call-api.ts', 'src/db/database', false)).toMatch(/src\/db/);
    expect(violation('src/api/call-api.ts', 'src/app/session', false)).toMatch(/src\/api/);
    expect(violation('src/api/call-api.ts', 'src/features/home/sticky-calls', false)).toMatch(/feature/);
    expect(violation('src/features/home/sticky-calls.ts', 'src/api/call-api', false)).toBeNull();
  });

  it('finds static, dynamic and side-effect imports', () => {
    const text = `import a from './a';\nexport { b } from "../b";\nconst c = import('./c');\nimport './d.css';`;
    expect(importsOf(text)).toEqual(['./a', '../b', './c', './d.css']);
    expect(resolveProjectPath('src/app/router.tsx', '../db/database')).toBe('src/db/database');
  });
});

describe('assignment and enrolment tables are read only in server/access', () => {
  const read = 'const taught = sql`select ct.class_id from class_teachers ct where ct.teacher_id = id`;';

  it('refuses a module reading class, sitting or guardian assignments or enrolments', () => {
    expect(assignmentTableViolations('server/modules/people/staff.ts', read)).toEqual([
      expect.stringMatching(/^server\/modules\/people\/staff\.ts:1: names class_teachers/),
    ]);
    const lines = 'const a = 1;\nconst b = sql`exists (select 1 from subject_students ss where ss.id = x)`;';
    expect(assignmentTableViolations('server/modules/achievement/queries.ts', lines)).toEqual([
      expect.stringMatching(/queries\.ts:2: names subject_students/),
    ]);
    expect(
      assignmentTableViolations('server/sync/engine.ts', 'sql`join guardian_links g on g.student_id = s.id`'),
    ).toHaveLength(1);
    expect(
      assignmentTableViolations('server/modules/x/service.ts', 'db.select().from(scheduleTeachers)'),
    ).toHaveLength(1);
  });

  it('lets server/access, server/db, tests and comments name them', () => {
    expect(assignmentTableViolations('server/access/classes.ts', read)).toEqual([]);
    expect(assignmentTableViolations('server/db/demo/generate.ts', read)).toEqual([]);
    expect(assignmentTableViolations('server/modules/people/staff.test.ts', read)).toEqual([]);
    expect(assignmentTableViolations('server/testing/school-fixture.ts', read)).toEqual([]);
    const comments =
      '// reads class_teachers through server/access\n/** a subquery of `subject_students.id` */';
    expect(assignmentTableViolations('server/modules/people/staff.ts', comments)).toEqual([]);
    expect(assignmentTableViolations('server/modules/people/staff.ts', "const url = 'https://x/y';")).toEqual(
      [],
    );
  });

  it('lets a declared writer write them, but not read them', () => {
    const writer = 'server/modules/subjects/write.ts';
    const writes = [
      'sql`insert into subject_students (subject_id, student_id) values (a, b)`;',
      'sql`update class_teachers set deleted = true where class_id = id`;',
      'sql`delete from schedule_teachers where schedule_id = id`;',
      "await setAssignedTeachers(tx, seq, 'class_teachers', place, ids);",
      'await tx.insert(scheduleTeachers).values(rows);',
    ].join('\n');
    expect(assignmentTableViolations(writer, writes)).toEqual([]);
    expect(assignmentTableViolations(writer, read)).toEqual([
      expect.stringMatching(/write\.ts:1: reads class_teachers/),
    ]);
    expect(
      assignmentTableViolations(
        writer,
        'sql`select c.id from subject_classes c join class_teachers ct on true`',
      ),
    ).toHaveLength(1);
    expect(assignmentTableViolations('server/modules/subjects/queries.ts', writes)).toHaveLength(5);
  });
});

describe('a module takes its pull scope from server/access', () => {
  const file = 'server/modules/things/collection.ts';
  const collection = (imports: string, scope: string) =>
    `${imports}\nimport type { SyncCollectionDef } from '../../sync/engine';\n\n` +
    `export const thingsCollection: SyncCollectionDef<ThingDoc, ThingRow> = {\n  name: 'things',\n${scope}\n  rowSchema,\n  push: null,\n};\n`;

  it('refuses a scope a collection builds itself', () => {
    const own = '  scope: (actor) => sql`SELECT where t.user_id = actor.id`,';
    expect(pullScopeViolations(file, collection('', own))).toEqual([
      expect.stringMatching(/^server\/modules\/things\/collection\.ts:6: a collection's scope must call/),
    ]);
    const local = 'function thingScope(actor) {\n  return sql`true`;\n}\n';
    expect(pullScopeViolations(file, collection(local, '  scope: thingScope,'))).toHaveLength(1);
  });

  it('refuses a scope that only uses other pieces of server/access, or a policy of its own name', () => {
    const pieces = "import { teachesClass } from '../../access/classes';";
    const scope = '  scope: (actor) => sql`SELECT where teachesClass(actor.id, sql`t.class_id`)`,';
    expect(pullScopeViolations(file, collection(pieces, scope))).toHaveLength(1);
    const ownPolicy = 'function thingReadScope(actor) {\n  return sql`true`;\n}\n';
    const calls = '  scope: (actor) => sql`SELECT where thingReadScope(actor)`,';
    expect(pullScopeViolations(file, collection(ownPolicy, calls))).toHaveLength(1);
  });

  it('accepts a scope that calls a …ReadScope of server/access, on one line or over several', () => {
    const policy = "import { thingReadScope } from '../../access/things';";
    const oneLine = '  scope: (actor) => sql`SELECT where thingReadScope(actor)`,';
    expect(pullScopeViolations(file, collection(policy, oneLine))).toEqual([]);
    const block =
      '  scope: (actor) => {\n    const visible = thingReadScope(actor);\n    return sql`SELECT where visible`;\n  },';
    expect(pullScopeViolations(file, collection(policy, block))).toEqual([]);
  });

  it('leaves files that define no collection, and tests, alone', () => {
    const own = '  scope: (actor) => sql`SELECT where t.user_id = actor.id`,';
    expect(pullScopeViolations('server/modules/things/collection.test.ts', collection('', own))).toEqual([]);
    expect(
      pullScopeViolations('server/modules/dashboard/refresh.ts', 'const x = {\n  scope: StickyScope,\n};'),
    ).toEqual([]);
  });
});
