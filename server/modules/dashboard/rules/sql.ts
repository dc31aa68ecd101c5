import { type SQL, sql } from 'drizzle-orm';
import type { StickyScope } from './types';

/** `and <alias>.subject_id = …` when the scope is one subject, nothing otherwise. */
export function inScope(alias: string, scope: StickyScope): SQL {
  if (scope === 'all') return sql``;
  return sql`and ${sql.raw(alias)}.subject_id = ${scope.subjectId}`;
}
