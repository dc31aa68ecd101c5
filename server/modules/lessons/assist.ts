import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { FieldError } from '../../../domain/errors';
import { LessonType, type PublishState } from '../../../domain/lessons';
import type { AssistLesson, AssistLessonsRequest } from '../../../domain/schemas/subjects';
import { SyncCollection } from '../../../domain/sync';
import type { Actor } from '../../access/actor';
import { requireLessonWork, requireSubjectVisible } from '../../access/subjects';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { validationFailed } from '../../http-error';
import { type SubjectWriteDeps, writeSubjectRows } from '../subjects/write';

// Assist lessons (SPEC §3 "dataSubmit with apply and status", §7): which lessons of a subject are open to the
// students of its other classes as help (`apply`), and whether that setting is published to them (`status`).
// Designed where SPEC is silent: only lessons (never exams) can be assist lessons; the subject's teachers and
// admins set them, every staff member of the subject reads them; the setting travels with the lesson to every
// device (the lessons collection's `assistApply` and `assistStatus`).

const assistRow = z.object({
  lesson_id: z.string(),
  name: z.string(),
  apply: z.boolean(),
  status: z.number(),
});

async function readAssistLessons(db: Executor, subjectId: string): Promise<AssistLesson[]> {
  const rows = await queryRows(
    db,
    sql`select l.id::text as lesson_id, l.name, l.assist_apply as apply, l.assist_status::int as status
      from lessons l
      where l.subject_id = ${subjectId} and not l.deleted and l.type = ${LessonType.lesson}
      order by l.name, l.id`,
    assistRow,
  );
  return rows.map((row) => ({ ...row, status: row.status as PublishState }));
}

/** `GET .../assist-lessons`: every lesson of the subject with its assist setting. */
export async function listAssistLessons(db: Executor, actor: Actor, subjectId: string) {
  await requireSubjectVisible(db, actor, subjectId);
  return { dataSubmit: await readAssistLessons(db, subjectId) };
}

/**
 * `POST .../assist-lessons`: sets the assist setting of the lessons named (the others keep theirs). Every row
 * must name a live lesson of the subject once, or nothing is written (422 on that row's `lesson_id`).
 */
export async function saveAssistLessons(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  body: AssistLessonsRequest,
) {
  await requireLessonWork(deps.db, actor, subjectId);
  const lessons = new Set((await readAssistLessons(deps.db, subjectId)).map((lesson) => lesson.lesson_id));
  const seen = new Set<string>();
  const errors: Record<string, string[]> = {};
  for (const [index, row] of body.dataSubmit.entries()) {
    if (!lessons.has(row.lesson_id) || seen.has(row.lesson_id))
      errors[`dataSubmit.${index}.lesson_id`] = [FieldError.invalid];
    seen.add(row.lesson_id);
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  await writeSubjectRows(
    deps,
    async (tx, seq) => {
      for (const row of body.dataSubmit) {
        await tx.execute(sql`update lessons set assist_apply = ${row.apply}, assist_status = ${row.status},
            seq = ${seq}, updated_at = now()
          where id = ${row.lesson_id} and subject_id = ${subjectId} and not deleted
            and (assist_apply <> ${row.apply} or assist_status <> ${row.status})`);
      }
      return { subjectId };
    },
    [SyncCollection.lessons],
  );
  return { dataSubmit: await readAssistLessons(deps.db, subjectId) };
}
