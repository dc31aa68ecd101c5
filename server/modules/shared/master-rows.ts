import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FieldError } from '../../../domain/errors';
import type { Executor } from '../../db/client';
import { inList, queryRows } from '../../db/rows';
import { validationFailed } from '../../http-error';

// The live rows of the master tables a write refers to: a subject's names and codes, a lesson's rooms, the
// university a provider sign-in's new students join (issue 44), one check for every module.

const refRow = z.object({ id: z.string(), university_id: z.string().nullable() });

/**
 * The live rows of a master table with these ids and their university (null for a table without one, or a
 * row shared by every university).
 */
export async function liveMasterRows(
  db: Executor,
  table:
    | 'subject_names'
    | 'universities'
    | 'faculties'
    | 'year_codes'
    | 'class_names'
    | 'rooms'
    | 'semesters',
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const university: SQL =
    table === 'subject_names' || table === 'universities' || table === 'semesters'
      ? sql`null::text`
      : sql`university_id::text`;
  const rows = await queryRows(
    db,
    sql`select id::text as id, ${university} as university_id from ${sql.identifier(table)}
        where not deleted and id in (${inList(ids)})`,
    refRow,
  );
  return new Map(rows.map((row) => [row.id, row.university_id]));
}

/** Whether a master row exists and belongs to the university (or to none). */
export function inUniversity(rows: Map<string, string | null>, id: string, universityId: string): boolean {
  if (!rows.has(id)) return false;
  const owner = rows.get(id);
  return owner === null || owner === universityId;
}

/** Refuses (keyed `university_ids`, like the forms) a list naming a university that is gone or never was. */
export async function requireLiveUniversities(db: Executor, ids: readonly string[]): Promise<void> {
  const live = await liveMasterRows(db, 'universities', ids);
  if (live.size !== new Set(ids).size) throw validationFailed({ university_ids: [FieldError.invalid] });
}
