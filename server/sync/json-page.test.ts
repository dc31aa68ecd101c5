import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../domain/attendance';
import { GPA_MAX } from '../../domain/gpa';
import { HighlightCondition } from '../../domain/highlights';
import { LIMITS } from '../../domain/limits';
import type { AccountRole } from '../../domain/roles';
import { type SyncCheckpoint, syncPullResponseSchema } from '../../domain/sync';
import type { SyncedDoc } from '../../domain/sync-merge';
import {
  achievements,
  attendances,
  highlights,
  memos,
  notes,
  notifications,
  planNotes,
  plans,
  requests,
  results,
  stickies,
  users,
} from '../db/schema';
import { syncCollections } from '../modules/collections';
import { waitForWatermark } from '../testing/calls';
import { buildTestApp, DEMO_ACCOUNTS, type TestApp } from '../testing/test-app';
import {
  type PullNarrowing,
  pullCollection,
  pullCollectionJson,
  type SyncActor,
  type SyncCollectionDef,
} from './engine';

// Issue 45: a collection whose pages the database builds as JSON (`docJson`) sends them without parsing or
// checking them. This property is where the check went: for every such collection, every role that pulls it,
// any position in its scope, any page size, with and without a count, the page the database wrote, read as
// JSON, passes the call's response schema and equals the page `toDoc` shapes from the same rows.

let t: TestApp;
const actors: SyncActor[] = [];

beforeAll(async () => {
  // A demo school at scale 1: every role's scope holds pages of a few hundred rows.
  t = await buildTestApp({ demoScale: 1 });
  const { db } = t.app.appDeps;
  const rows = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.email, Object.values(DEMO_ACCOUNTS)));
  for (const row of rows) actors.push({ id: row.id, role: row.role as AccountRole });
  await waitForWatermark(db);
  // Seeding a demo school takes minutes on a loaded two-core machine.
}, 600_000);

afterAll(async () => {
  await t.close();
});

const built = Object.values(syncCollections).filter((entry) => entry.use((def) => def.docJson !== undefined));

/** Both pages of `def` from the same position: the one `toDoc` shapes, and the database's JSON read back. */
async function bothPages<Doc extends SyncedDoc, Row>(
  def: SyncCollectionDef<Doc, Row>,
  actor: SyncActor,
  checkpoint: SyncCheckpoint | null,
  limit: number,
  options: { count?: boolean } & PullNarrowing,
) {
  const { db } = t.app.appDeps;
  const shaped = await pullCollection(db, def, actor, checkpoint, limit, options);
  const json = await pullCollectionJson(db, def, actor, checkpoint, limit, options);
  const sent: unknown = JSON.parse(json.text);
  // The response check the pull call no longer makes on every request.
  syncPullResponseSchema(def.docSchema).parse(sent);
  expect(json.count).toBe(shaped.documents.length);
  expect(JSON.parse(json.documents)).toEqual(shaped.documents);
  return { sent, shaped };
}

describe('pull pages built by the database', () => {
  it('covers the collections derived from their document schema', () => {
    expect(built.map((entry) => entry.name).sort()).toEqual([
      'achievements',
      'attendance',
      'lessons',
      'master',
      'notes',
      'notifications',
      'people',
      'requests',
      'schedules',
      'stickies',
      'subjects',
    ]);
  });

  it.each(built.map((entry) => [entry.name, entry] as const))(
    '%s: any role, position and page size gives the page toDoc shapes',
    async (_name, entry) => {
      await entry.use(async (def) => {
        const pullers = actors.filter((actor) => def.pullRoles.includes(actor.role));
        expect(pullers.length).toBeGreaterThan(0);
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...pullers),
            fc.integer({ min: 0, max: 400 }),
            fc.integer({ min: 1, max: 300 }),
            fc.boolean(),
            async (actor, skip, limit, count) => {
              const { db } = t.app.appDeps;
              // The position after `skip` rows of the actor's scope (none: the first pull).
              const before =
                skip === 0 ? null : (await pullCollection(db, def, actor, null, skip)).checkpoint;
              const { sent, shaped } = await bothPages(def, actor, before, limit, { count });
              expect(sent).toEqual(JSON.parse(JSON.stringify(shaped)));
            },
          ),
          { numRuns: 12 },
        );
      });
    },
    120_000,
  );

  it('attendance: generated marks (any text, nulls, every status) come out as toDoc gives them', async () => {
    const { db } = t.app.appDeps;
    const teacher = actors.find((actor) => actor.role === 1);
    if (!teacher) throw new Error('no demo teacher');
    const [first] = await syncCollections.attendance.use(
      async (def) => (await pullCollection(db, def, teacher, null, 1)).documents,
    );
    if (!first) throw new Error('the demo teacher has no attendance');
    const text = fc.option(
      fc.string({ unit: 'binary', maxLength: 60 }).map((value) => value.replace(/\0/g, '')),
    );
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        // Minutes belong to a late mark only (the table's check).
        fc.oneof(
          fc.record({
            status: fc.constant(AttendanceStatus.late),
            lateMinutes: fc.option(fc.integer({ min: 1, max: LIMITS.lateMinutesMax })),
          }),
          fc.record({
            status: fc.option(
              fc.constantFrom(
                ...Object.values(AttendanceStatus).filter((value) => value !== AttendanceStatus.late),
              ),
            ),
            lateMinutes: fc.constant(null),
          }),
        ),
        async (comment, absenceReasons, { status, lateMinutes }) => {
          await db
            .update(attendances)
            .set({ comment, absenceReasons, lateMinutes, status })
            .where(eq(attendances.id, first.id));
          await syncCollections.attendance.use((def) =>
            bothPages(def, teacher, null, 10, { ids: [first.id] }),
          );
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  // Times the demo school does not hold: any instant of four centuries, to the microsecond (what a
  // timestamp keeps), the document's text of it coming out the same from the database and from toDoc.
  const instant = fc
    .tuple(fc.integer({ min: -2_208_988_800, max: 10_413_792_000 }), fc.integer({ min: 0, max: 999_999 }))
    .map(([seconds, micros]) => sql`to_timestamp(${seconds}) + make_interval(secs => ${micros / 1e6})`);

  it('requests: generated content, scores and times come out as toDoc gives them', async () => {
    const { db } = t.app.appDeps;
    const admin = actors.find((actor) => actor.role === 2);
    if (!admin) throw new Error('no demo admin');
    const [first] = await syncCollections.requests.use(
      async (def) => (await pullCollection(db, def, admin, null, 1)).documents,
    );
    if (!first) throw new Error('the demo school has no request');
    const content = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 60 })
      .map((value) => `x${value.replace(/\0/g, '')}`);
    await fc.assert(
      fc.asyncProperty(content, instant, fc.option(instant), async (text, created, decided) => {
        await db
          .update(requests)
          .set({ content: text, createdAt: sql`${created}`, decidedAt: decided ? sql`${decided}` : null })
          .where(eq(requests.id, first.id));
        await syncCollections.requests.use((def) => bothPages(def, admin, null, 5, { ids: [first.id] }));
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('notifications: generated times come out as toDoc gives them', async () => {
    const { db } = t.app.appDeps;
    // Anybody's notification: its owner pulls it.
    const [first] = await db
      .select({ id: notifications.id, userId: notifications.userId, role: users.role })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .limit(1);
    if (!first) throw new Error('the demo school has no notification');
    const puller: SyncActor = { id: first.userId, role: first.role as AccountRole };
    await fc.assert(
      fc.asyncProperty(instant, fc.option(instant), async (created, read) => {
        await db
          .update(notifications)
          .set({ createdAt: sql`${created}`, readAt: read ? sql`${read}` : null })
          .where(eq(notifications.id, first.id));
        await syncCollections.notifications.use((def) =>
          bothPages(def, puller, null, 5, { ids: [first.id] }),
        );
      }),
      { numRuns: 30 },
    );
  }, 120_000);
  it('achievements: generated scores and final scores (two decimals) come out as toDoc gives them', async () => {
    const { db } = t.app.appDeps;
    const admin = actors.find((actor) => actor.role === 2);
    if (!admin) throw new Error('no demo admin');
    const [score] = await db
      .select({ id: achievements.id, fullScore: achievements.fullScore })
      .from(achievements)
      .limit(1);
    const [result] = await db.select({ id: results.id }).from(results).limit(1);
    if (!score || !result) throw new Error('the demo school has no score or no result');
    // A score within its full score (the score name's, which the row may not change); a final score of any
    // size its column holds.
    const points = fc.option(
      fc.integer({ min: 0, max: Math.round(score.fullScore * 100) }).map((c) => c / 100),
    );
    const finalScore = fc.option(fc.integer({ min: 0, max: 999_999_999_999 }).map((c) => c / 100));
    const text = fc.option(fc.string({ maxLength: 40 }).map((value) => value.replace(/\0/g, '')));
    await fc.assert(
      fc.asyncProperty(points, finalScore, text, async (given, final, comment) => {
        await db.update(achievements).set({ points: given, comment }).where(eq(achievements.id, score.id));
        await db.update(results).set({ finalScore: final, comment }).where(eq(results.id, result.id));
        await syncCollections.achievements.use((def) =>
          bothPages(def, admin, null, 5, { ids: [score.id, result.id] }),
        );
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  /** Any text the database holds (no NUL), as a card's, memo's, plan's or note's content. */
  const anyText = (maxLength: number) =>
    fc.string({ unit: 'binary', maxLength }).map((value) => value.replace(/\0/g, ''));
  /** Any text of a column that must not be blank (a memo's message, a note's content). */
  const someText = (maxLength: number) => anyText(maxLength).map((value) => `x${value}`);

  it('stickies: generated content, times, highlight values and plan links come out as toDoc gives them', async () => {
    const { db } = t.app.appDeps;
    // A card of a member of staff (who sees every type of their own), pointed at a plan and a highlight.
    const [card] = await db
      .select({ id: stickies.id, userId: stickies.userId, role: users.role })
      .from(stickies)
      .innerJoin(users, eq(users.id, stickies.userId))
      .where(inArray(users.role, [1, 2]))
      .limit(1);
    const [plan] = await db.select({ id: plans.id }).from(plans).limit(1);
    const [highlight] = await db
      .select({ id: highlights.id })
      .from(highlights)
      .where(eq(highlights.conditionType, HighlightCondition.gpa))
      .limit(1);
    if (!card || !plan || !highlight)
      throw new Error('the demo school has no staff card, plan or grade point highlight');
    await db
      .update(stickies)
      .set({ planId: plan.id, highlightId: highlight.id })
      .where(eq(stickies.id, card.id));
    const owner: SyncActor = { id: card.userId, role: card.role as AccountRole };
    const urls = fc.array(fc.record({ url: anyText(40) }), { maxLength: 5 });
    // A grade point rule's value: two decimals up to the highest grade point (the table's check).
    const value = fc.integer({ min: 0, max: GPA_MAX * 100 }).map((c) => c / 100);
    await fc.assert(
      fc.asyncProperty(
        fc.option(anyText(60)),
        instant,
        urls,
        value,
        async (content, created, contacts, at) => {
          await db
            .update(stickies)
            .set({ content, createdAt: sql`${created}` })
            .where(eq(stickies.id, card.id));
          await db.update(plans).set({ contactToStudent: contacts }).where(eq(plans.id, plan.id));
          await db.update(highlights).set({ value: at }).where(eq(highlights.id, highlight.id));
          await syncCollections.stickies.use(async (def) => {
            const { shaped } = await bothPages(def, owner, null, 5, { ids: [card.id] });
            expect(shaped.documents.map((doc) => doc.id)).toEqual([card.id]);
          });
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it('notes: generated content, links and flags of every kind come out as toDoc gives them', async () => {
    const { db } = t.app.appDeps;
    const admin = actors.find((actor) => actor.role === 2);
    if (!admin) throw new Error('no demo admin');
    const [memo] = await db.select({ id: memos.id }).from(memos).limit(1);
    const [plan] = await db.select({ id: plans.id }).from(plans).limit(1);
    const [planNote] = await db.select({ id: planNotes.id }).from(planNotes).limit(1);
    const [note] = await db.select({ id: notes.id }).from(notes).limit(1);
    if (!memo || !plan || !planNote || !note) throw new Error('the demo school lacks a kind of note');
    const ids = [memo.id, plan.id, planNote.id, note.id];
    const links = fc.array(fc.record({ title: anyText(30), link: anyText(40) }), { maxLength: 4 });
    const contacts = fc.array(fc.record({ url: anyText(40) }), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(
        someText(60),
        fc.option(anyText(60)),
        someText(60),
        fc.boolean(),
        links,
        contacts,
        async (message, planContent, noteContent, toHead, planLinks, planContacts) => {
          await db.update(memos).set({ message, contactToHeadTeacher: toHead }).where(eq(memos.id, memo.id));
          await db
            .update(plans)
            .set({ content: planContent, links: planLinks, contactToStudent: planContacts })
            .where(eq(plans.id, plan.id));
          await db.update(planNotes).set({ content: noteContent }).where(eq(planNotes.id, planNote.id));
          await db.update(notes).set({ content: noteContent }).where(eq(notes.id, note.id));
          await syncCollections.notes.use(async (def) => {
            const { shaped } = await bothPages(def, admin, null, 10, { ids });
            // Every kind is in the page: the property is not vacuous.
            expect(shaped.documents.map((doc) => doc.id).sort()).toEqual([...ids].sort());
          });
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
