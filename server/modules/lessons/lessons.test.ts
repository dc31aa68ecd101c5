import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LessonType, PublishState } from '../../../domain/lessons';
import type { LessonDetail } from '../../../domain/schemas/lessons';
import { queryRows } from '../../db/rows';
import { call } from '../../testing/calls';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../../testing/test-app';

// Saving a lesson or exam back unchanged is what the lesson form does on every Publish or Save as draft of an
// opened lesson (issue 42: 12 of 60 demo lessons were refused `room_busy`/`teacher_busy`). This file seeds a
// whole demo school on purpose: the demo itself is what is under test.

let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  t = await buildTestApp({ demoScale: 1 });
  admin = await signIn(t.app, 'admin@demo.test');
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const lessonRow = z.object({ id: z.string(), subject_id: z.string(), type: z.number(), publish: z.number() });

/** The body the lesson form sends for a stored lesson it was opened on and saved without a change. */
function unchangedBody(detail: LessonDetail) {
  const base = {
    name: detail.name,
    table_of_contents: detail.table_of_contents,
    overview: detail.overview,
    minutes: detail.minutes,
    schedules: detail.schedule.map((sitting) => ({
      id: sitting.id,
      class_id: sitting.class.id,
      day: sitting.day,
      start_time: sitting.start_time,
      end_time: sitting.end_time,
      room_id: sitting.room?.id ?? null,
      teacher_ids: sitting.teachers.map((teacher) => teacher.id),
    })),
  };
  if (detail.type !== LessonType.exam) return base;
  return {
    ...base,
    exam_name_id: detail.exam_name_id,
    score_names: detail.score_names.map((name) => ({
      id: name.id,
      name: name.name,
      full_score: name.full_score,
      option_plus: name.option_plus,
      parent_id: name.parent_id,
    })),
  };
}

/** The lesson form's own call for a stored lesson: lesson or exam, published or draft. */
function writePath(subjectId: string, lessonId: string, type: number, publish: number): string {
  const base = `/api/academic/subjects/${subjectId}/lessons/${lessonId}`;
  if (type === LessonType.exam) return publish === PublishState.draft ? `${base}/exam-draft` : `${base}/exam`;
  return publish === PublishState.draft ? `${base}/draft` : base;
}

async function detailOf(subjectId: string, lessonId: string): Promise<LessonDetail> {
  const answer = await call(
    t.app,
    admin,
    'GET',
    `/api/academic/subjects/${subjectId}/lessons/${lessonId}/detail`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as LessonDetail;
}

describe('saving a lesson or exam unchanged', () => {
  it('is accepted for every lesson and exam of the demo school, drafts and published, as the form sends it', async () => {
    const rows = await queryRows(
      t.db,
      sql`select id::text as id, subject_id::text as subject_id, type, publish from lessons where not deleted
          order by subject_id, id`,
      lessonRow,
    );
    expect(rows.length).toBeGreaterThan(60);
    expect(rows.some((row) => row.publish === PublishState.draft)).toBe(true);
    const refused: string[] = [];
    for (const row of rows) {
      const detail = await detailOf(row.subject_id, row.id);
      const answer = await call(
        t.app,
        admin,
        'POST',
        writePath(row.subject_id, row.id, row.type, row.publish),
        unchangedBody(detail),
      );
      if (answer.statusCode !== 200 && answer.statusCode !== 201) refused.push(`${row.id}: ${answer.body}`);
    }
    expect(refused).toEqual([]);
  }, 600_000);

  it('never counts a sitting against itself: moved within its own old time, it is still accepted', async () => {
    const [row] = await queryRows(
      t.db,
      sql`select l.id::text as id, l.subject_id::text as subject_id, l.type, l.publish from lessons l
          where not l.deleted and l.publish = ${PublishState.published} and l.type = ${LessonType.lesson}
            and exists (select 1 from schedules s where s.lesson_id = l.id and not s.deleted and s.room_id is not null)
          order by l.id limit 1`,
      lessonRow,
    );
    if (!row) throw new Error('the demo school has a published lesson with a room');
    const detail = await detailOf(row.subject_id, row.id);
    const body = unchangedBody(detail);
    const [first] = body.schedules;
    if (!first) throw new Error('the lesson has a sitting');
    // Ten minutes shorter: the sitting overlaps its own stored time, room and teachers.
    const shorter = Number(first.end_time.slice(0, 2)) * 60 + Number(first.end_time.slice(3, 5)) - 10;
    first.end_time = `${String(Math.floor(shorter / 60)).padStart(2, '0')}:${String(shorter % 60).padStart(2, '0')}`;
    const answer = await call(
      t.app,
      admin,
      'POST',
      writePath(row.subject_id, row.id, row.type, row.publish),
      body,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await detailOf(row.subject_id, row.id)).schedule[0]?.end_time).toBe(first.end_time);
  });

  it('lets a draft neither block the room and teachers of its sittings nor be refused for theirs', async () => {
    const [row] = await queryRows(
      t.db,
      sql`select l.id::text as id, l.subject_id::text as subject_id, l.type, l.publish from lessons l
          where not l.deleted and l.publish = ${PublishState.published} and l.type = ${LessonType.lesson}
            and exists (select 1 from schedules s where s.lesson_id = l.id and not s.deleted and s.room_id is not null)
          order by l.id desc limit 1`,
      lessonRow,
    );
    if (!row) throw new Error('the demo school has a published lesson with a room');
    const booked = unchangedBody(await detailOf(row.subject_id, row.id));
    const [sitting] = booked.schedules;
    if (!sitting) throw new Error('the lesson has a sitting');
    const { id: _stored, ...copy } = sitting;
    const draft = { name: 'Draft beside the lesson', schedules: [copy] };

    // A draft at the very time, room and teachers of a published sitting is saved: it books nothing yet.
    const saved = await call(
      t.app,
      admin,
      'POST',
      `/api/academic/subjects/${row.subject_id}/lessons/draft`,
      draft,
    );
    expect(saved.statusCode, saved.body).toBe(201);
    // The published lesson is saved unchanged beside it.
    const again = await call(
      t.app,
      admin,
      'POST',
      writePath(row.subject_id, row.id, row.type, row.publish),
      booked,
    );
    expect(again.statusCode, again.body).toBe(200);

    // Publishing the draft is where the clash is refused, naming the field of the sitting.
    const draftId = (saved.json() as { id: string }).id;
    const publish = await call(
      t.app,
      admin,
      'POST',
      `/api/academic/subjects/${row.subject_id}/lessons/${draftId}`,
      {
        ...draft,
        schedules: (await detailOf(row.subject_id, draftId)).schedule.map((stored) => ({
          id: stored.id,
          class_id: stored.class.id,
          day: stored.day,
          start_time: stored.start_time,
          end_time: stored.end_time,
          room_id: stored.room?.id ?? null,
          teacher_ids: stored.teachers.map((teacher) => teacher.id),
        })),
      },
    );
    expect(publish.statusCode, publish.body).toBe(422);
    expect(publish.json().errors['schedules.0.room_id'][0]).toBe('room_busy');
  });
});
