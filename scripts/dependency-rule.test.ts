import { describe, expect, it } from 'vitest';
import { importsOf, resolveProjectPath, violation } from './dependency-rule';

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
      /server\/sync never imports server\/modules/,
    );
    expect(violation('server/access/classes.ts', 'server/modules/achievement/queries', false)).toMatch(
      /server\/access/,
    );
    expect(violation('server/access/classes.ts', 'server/sync/engine', false)).toMatch(/server\/access/);
    expect(violation('server/sync/push.test.ts', 'server/modules/attendance/collection', false)).toBeNull();
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
