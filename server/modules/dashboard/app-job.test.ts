import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StickyType } from '../../../domain/stickies';
import { classTeachers, stickies, users } from '../../db/schema';
import { createSchoolFixture } from '../../testing/school-fixture';
import { buildTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;

beforeAll(async () => {
  // A period far longer than the test: only the run at start can happen, so nothing depends on timing.
  t = await buildTestApp({ stickyRefreshMs: 24 * 3_600_000 });
});

afterAll(async () => {
  await t.close();
});

describe('sticky refresh job', () => {
  it('runs with the app clock when configured, and the app closes cleanly while it is set', async () => {
    const db = t.app.dashboard.db;
    const f = await createSchoolFixture(db);
    const [teacher] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'teacher@demo.test'));
    await db.insert(classTeachers).values({
      subjectId: f.subjectId,
      universityId: f.universityId,
      seq: 1,
      classId: f.classId,
      teacherId: teacher?.id ?? '',
      createdAt: t.clock.now(),
    });
    // The run at start may or may not have seen these rows; either way one more refresh leaves one card.
    await t.app.dashboard.refresh('all');
    const cards = await db
      .select()
      .from(stickies)
      .where(and(eq(stickies.userId, teacher?.id ?? ''), eq(stickies.type, StickyType.subject)));
    expect(cards).toHaveLength(1);
  });
});
