import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Teacher } from '../../../domain/schemas/people';

/** The universities a staff member works at, `u` the users row, as an ordered text array (empty for none). */
export const UNIVERSITY_IDS_OF_USER = sql`coalesce(array(select uu.university_id::text from user_universities uu
  where uu.user_id = u.id and not uu.deleted order by uu.university_id), '{}')`;

/** A teacher's columns as every teacher list and picker reads them, `u` the users row. */
export const TEACHER_COLUMNS = sql`u.id::text as id, u.name, u.email,
  ${UNIVERSITY_IDS_OF_USER} as university_ids, u.retire_at::text as retire_at`;

export const teacherRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  university_ids: z.array(z.string()),
  retire_at: z.string().nullable(),
});
/** A teacher as `TEACHER_COLUMNS` reads one. */
export type TeacherRow = z.infer<typeof teacherRowSchema>;

/** A teacher as the answers show one (SPEC §3 Teacher): a retired one carries the date in `deactive`. */
export function toTeacher(row: TeacherRow): Teacher {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    university_ids: row.university_ids,
    deactive: row.retire_at === null ? null : { retire_at: row.retire_at },
  };
}
