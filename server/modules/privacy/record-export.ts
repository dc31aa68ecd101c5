import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StudentRecordExport } from '../../../domain/schemas/privacy';
import type { Actor } from '../../access/actor';
import { recordTables } from '../../access/student-record';
import { studentScope } from '../../access/students';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { forbidden, notFound } from '../../http-error';

const ownerRow = z.object({
  student_id: z.string(),
  user_id: z.string(),
  identity: z.string(),
  name: z.string(),
});

/** The student and whether `actor` may read their record (admins every student, a student themself). */
async function ownerOf(db: Executor, actor: Actor, studentId: string) {
  const [row] = await queryRows(
    db,
    sql`select s.id as student_id, s.user_id, s.identity, u.name, ${studentScope(actor, sql`s.id`)} as visible
        from students s join users u on u.id = s.user_id where s.id = ${studentId}`,
    ownerRow.extend({ visible: z.boolean() }),
  );
  if (!row) throw notFound();
  if (!row.visible) throw forbidden();
  return row;
}

/** `GET /api/students/{id}/record`: the whole record of one student, for an admin or the student themself. */
export async function exportStudentRecord(
  db: Executor,
  actor: Actor,
  studentId: string,
  now: Date,
): Promise<StudentRecordExport> {
  const owner = await ownerOf(db, actor, studentId);
  const tables = await recordTables(db, { studentId: owner.student_id, userId: owner.user_id });
  return {
    exported_at: now.toISOString(),
    student: { id: owner.student_id, identity: owner.identity, name: owner.name },
    tables,
  };
}
