import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode } from '../../../domain/errors';
import { PublishState } from '../../../domain/lessons';
import type { Subject } from '../../../domain/schemas/subjects';
import type { Actor } from '../../access/actor';
import type { Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { HttpError, notFound } from '../../http-error';
import { readSubjectSummary } from './queries';
import { readSubject } from './service';
import { type SubjectWriteDeps, writeSubjectRows } from './write';

/**
 * Tables of the `subjects` collection under a subject, besides the subject row itself. A student's pull of
 * that collection sees a subject's rows only once it is published, and the collection keeps no scope version:
 * rows written while the subject was a draft (its classes, a student seated early, its score names and
 * highlights) would keep a sequence older than the student's checkpoint and never reach their device. So
 * registering stamps them anew.
 */
const RESTAMPED_TABLES = ['subject_classes', 'class_students', 'score_names', 'highlights'] as const;

const publishRow = z.object({ publish: z.number() });

/** The subject's publish state under a row lock, so two registrations of one draft cannot both go ahead. */
async function lockedPublishState(tx: Transaction, subjectId: string): Promise<number | null> {
  const [row] = await queryRows(
    tx,
    sql`select publish::int as publish from subjects where id = ${subjectId} and not deleted for update`,
    publishRow,
  );
  return row?.publish ?? null;
}

/**
 * `POST .../{id}/publish` (not in SPEC §7): registers a subject that a copy saved temporarily left a draft,
 * meaning what the copy's register means (SPEC §4: the copy `isPublic`, then every copied lesson through
 * `public-lessons-after-copy`): the subject and every live lesson and exam of it become published, in one
 * transaction rather than batches, so students see it all at once or nothing. Only a draft can be
 * registered: a published subject answers 409 `subject_already_published` and nothing changes. Devices learn
 * of it through the subjects, lessons and schedules collections (a sitting follows its lesson's sequence).
 */
export async function publishDraftSubject(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
): Promise<Subject> {
  await readSubjectSummary(deps.db, actor, subjectId);
  await writeSubjectRows(deps, async (tx, seq) => {
    const publish = await lockedPublishState(tx, subjectId);
    // Deleted between the read above and the lock.
    if (publish === null) throw notFound();
    if (publish !== PublishState.draft) {
      throw new HttpError(409, { message: 'Already registered', code: ErrorCode.subjectAlreadyPublished });
    }
    await tx.execute(
      sql`update subjects set publish = ${PublishState.published}, seq = ${seq}, updated_at = now()
          where id = ${subjectId}`,
    );
    // Every live lesson, published ones too: their rows (and so their sittings) are new to students.
    await tx.execute(
      sql`update lessons set publish = ${PublishState.published}, seq = ${seq}, updated_at = now()
          where subject_id = ${subjectId} and not deleted`,
    );
    for (const table of RESTAMPED_TABLES) {
      await tx.execute(
        sql`update ${sql.identifier(table)} set seq = ${seq}, updated_at = now()
            where subject_id = ${subjectId} and not deleted`,
      );
    }
    return { subjectId };
  });
  return readSubject(deps.db, actor, subjectId);
}
