import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StatisticSearchRequest, StatisticSearchResponse } from '../../../domain/schemas/statistics';
import type { Actor } from '../../access/actor';
import { studentCountScope } from '../../access/students';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';

const countRow = z.object({
  university_id: z.string(),
  university_name: z.string(),
  faculty_id: z.string().nullable(),
  faculty_name: z.string().nullable(),
  year_code_id: z.string().nullable(),
  year_code_name: z.string().nullable(),
  count: z.number(),
});

/**
 * `POST /api/statistic/search`: the students on the chosen day (those added by its end and not removed
 * before it; today when no day is given) counted per university, faculty and year code within the levels
 * chosen, and their total. A student with no faculty or year code is counted under null. SPEC names the
 * screen only; a removed student is a soft-deleted one, removed on the day of its last change.
 */
export async function searchStatistics(
  db: Executor,
  actor: Actor,
  body: StatisticSearchRequest,
  today: string,
): Promise<StatisticSearchResponse> {
  const day = body.date ?? today;
  const level = (column: string, value: string | null) =>
    value === null ? sql`true` : sql`${sql.raw(column)} = ${value}`;
  const rows = await queryRows(
    db,
    sql`select un.id::text as university_id, un.name as university_name, f.id::text as faculty_id,
        f.name as faculty_name, y.id::text as year_code_id, y.name as year_code_name, count(*)::int as count
        from students st
        join universities un on un.id = st.university_id
        left join faculties f on f.id = st.faculty_id
        left join year_codes y on y.id = st.year_code_id
        where (st.created_at at time zone 'UTC')::date <= ${day}::date
          and (not st.deleted or (st.updated_at at time zone 'UTC')::date > ${day}::date)
          and ${studentCountScope(actor, sql`st.university_id`)}
          and ${level('st.university_id', body.university)} and ${level('st.faculty_id', body.faculty)}
          and ${level('st.year_code_id', body.yearCode)}
        group by un.id, un.name, f.id, f.name, y.id, y.name
        order by un.name, un.id, f.name nulls last, f.id, y.name nulls last, y.id`,
    countRow,
  );
  return {
    rows: rows.map((row) => ({
      university: { id: row.university_id, name: row.university_name },
      faculty:
        row.faculty_id && row.faculty_name !== null ? { id: row.faculty_id, name: row.faculty_name } : null,
      year_code:
        row.year_code_id && row.year_code_name !== null
          ? { id: row.year_code_id, name: row.year_code_name }
          : null,
      count: row.count,
    })),
    total: rows.reduce((sum, row) => sum + row.count, 0),
  };
}
