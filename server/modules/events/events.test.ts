import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsResponse, VibloEvent } from '../../../domain/schemas/events';
import { XLSX_MIME_TYPE } from '../../../domain/validation';
import { eventRankings, events, students, users } from '../../db/schema';
import { call, createMasterRow } from '../../testing/calls';
import { jsonAnswer, type StandInServer, startStandIn } from '../../testing/stand-in-server';
import { buildTestApp, DEMO_ACCOUNTS, signIn, type TestApp, type TestSession } from '../../testing/test-app';
import { xlsxSheet } from '../../testing/xlsx';
import { createCodingServiceClient } from './coding-service';
import { refreshRankings } from './ranking-job';
import { replaceRanking, schoolDateTime } from './service';

// The test clock starts on 2026-04-01 (18:00 in Tokyo): "today" for the tabs.
let t: TestApp;
let admin: TestSession;
let student: TestSession;
let universityId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  student = await signIn(t.app, 'student@demo.test');
  universityId = await createMasterRow(t.app, admin, 'universities', { name: 'Event U' });
});

afterAll(async () => {
  await t.close();
});

async function createEvent(name: string, start: string, end: string, extra: Record<string, unknown> = {}) {
  const response = await call(t.app, admin, 'POST', '/api/viblo-event', {
    name,
    start_time: start,
    end_time: end,
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(`create event: ${response.statusCode} ${response.body}`);
  return response.json() as VibloEvent;
}

async function tab(session: TestSession, name: string, extra: Record<string, unknown> = {}) {
  const response = await call(t.app, session, 'POST', '/api/viblo-event/search', { tab: name, ...extra });
  expect(response.statusCode).toBe(200);
  return response.json() as EventsResponse;
}

describe('events', () => {
  it('files events under present, future and past by their days against today', async () => {
    const running = await createEvent('Running', '2026-03-30T09:00', '2026-04-01T10:00', {
      university_ids: [universityId],
      url: 'https://code.example/contests/running',
      description: 'Spring contest',
    });
    const later = await createEvent('Next week', '2026-04-08T09:00', '2026-04-09T18:00');
    const done = await createEvent('Done', '2026-03-01T09:00', '2026-03-31T23:00');

    expect(running).toMatchObject({
      start_time: '2026-03-30T09:00:00+09:00',
      end_time: '2026-04-01T10:00:00+09:00',
      universities: [{ id: universityId, name: 'Event U' }],
      url: 'https://code.example/contests/running',
    });
    expect((await tab(student, 'present')).data.map((event) => event.id)).toContain(running.id);
    expect((await tab(student, 'future')).data.map((event) => event.id)).toEqual([later.id]);
    expect((await tab(student, 'past')).data.map((event) => event.id)).toContain(done.id);
    expect((await tab(student, 'present')).dataFilter.map((event) => event.name)).toEqual(
      expect.arrayContaining(['Running', 'Next week', 'Done']),
    );

    const filtered = await tab(student, 'past', { eventFilter: running.id });
    expect(filtered.data).toEqual([]);
    expect(filtered.meta.pagination.total).toBe(0);
  });

  it('moves an event edited to today from future to present, and deletes it for good', async () => {
    const event = await createEvent('Moving', '2026-04-10T09:00', '2026-04-10T12:00');
    expect((await tab(admin, 'future')).data.map((row) => row.id)).toContain(event.id);

    const edited = await call(t.app, admin, 'POST', `/api/viblo-event/${event.id}`, {
      name: 'Moving',
      start_time: '2026-04-01T09:00',
      end_time: '2026-04-01T12:00',
    });
    expect(edited.statusCode).toBe(200);
    expect((await tab(admin, 'present')).data.map((row) => row.id)).toContain(event.id);

    const read = await call(t.app, student, 'GET', `/api/viblo-event/${event.id}`);
    expect(read.json()).toMatchObject({ id: event.id, start_time: '2026-04-01T09:00:00+09:00' });

    expect((await call(t.app, admin, 'DELETE', `/api/viblo-event/${event.id}`)).statusCode).toBe(200);
    expect((await call(t.app, admin, 'GET', `/api/viblo-event/${event.id}`)).statusCode).toBe(404);
    expect((await call(t.app, admin, 'DELETE', `/api/viblo-event/${event.id}`)).statusCode).toBe(404);
  });

  it('pages ten events at a time', async () => {
    for (let index = 0; index < 11; index++) {
      await createEvent(`Paged ${index}`, '2027-01-01T09:00', '2027-01-02T09:00');
    }
    const second = await tab(admin, 'future', { page: 2 });
    expect(second.meta.pagination).toMatchObject({ current_page: 2, per_page: 10 });
    expect(second.data.length).toBeGreaterThan(0);
    const past = await tab(admin, 'future', { page: 99 });
    expect(past.data).toEqual([]);
    expect(past.meta.pagination.total).toBe(second.meta.pagination.total);
  });

  it('refuses an end before the start, a bad link, an unknown university and unknown fields, storing nothing', async () => {
    const before = (await call(t.app, admin, 'GET', '/api/viblo-event/data-filter')).json().dataFilter.length;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ start_time: '2026-04-02T09:00', end_time: '2026-04-01T09:00' }, { end_time: ['end_before_start'] }],
      [{ url: 'javascript:alert(1)' }, { url: ['invalid'] }],
      [{ university_ids: ['00000000-0000-4000-8000-000000000000'] }, { university_ids: ['invalid'] }],
      [{ colour: 'red' }, { colour: ['unknown_field'] }],
      [{ name: 'x\u0000' }, { name: ['invalid'] }],
    ];
    for (const [patch, errors] of cases) {
      const response = await call(t.app, admin, 'POST', '/api/viblo-event', {
        name: 'Bad',
        start_time: '2026-04-01T09:00',
        end_time: '2026-04-01T10:00',
        ...patch,
      });
      expect(response.statusCode, JSON.stringify(patch)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    const after = (await call(t.app, admin, 'GET', '/api/viblo-event/data-filter')).json().dataFilter.length;
    expect(after).toBe(before);
  });

  it('offers the live universities to the event form', async () => {
    const response = await call(t.app, admin, 'GET', '/api/viblo-event/add/get-data-create');
    expect(response.statusCode).toBe(200);
    expect(response.json().universities).toContainEqual({ id: universityId, name: 'Event U' });
  });
});

describe('who may call', () => {
  // SPEC §6: the events list for every role, /viblo (the ranking) for all but 3, writing events for 2 only.
  const matrix: [string, 'GET' | 'POST', string, Record<string, unknown> | undefined, string[]][] = [
    [
      'events search',
      'POST',
      '/api/viblo-event/search',
      { tab: 'present' },
      ['observer', 'teacher', 'admin', 'superAdmin', 'student'],
    ],
    [
      'filter choices',
      'GET',
      '/api/viblo-event/data-filter',
      undefined,
      ['observer', 'teacher', 'admin', 'superAdmin', 'student'],
    ],
    [
      'ranking filters',
      'GET',
      '/api/viblo/filter-data',
      undefined,
      ['observer', 'teacher', 'admin', 'student'],
    ],
    ['ranking', 'POST', '/api/viblo/search', {}, ['observer', 'teacher', 'admin', 'student']],
    ['form choices', 'GET', '/api/viblo-event/add/get-data-create', undefined, ['admin']],
  ];

  it.each(Object.entries(DEMO_ACCOUNTS))('%s gets exactly the calls of their role', async (role, email) => {
    const session = await signIn(t.app, email);
    for (const [name, method, url, body, allowed] of matrix) {
      const response = await call(t.app, session, method, url, body);
      expect(response.statusCode, name).toBe(allowed.includes(role) ? 200 : 403);
    }
    const create = await call(t.app, session, 'POST', '/api/viblo-event', {
      name: `By ${role}`,
      start_time: '2026-04-01T09:00',
      end_time: '2026-04-01T10:00',
    });
    expect(create.statusCode).toBe(role === 'admin' ? 201 : 403);
  });
});

describe('rankings from the coding-practice service', () => {
  let service: StandInServer;

  beforeAll(async () => {
    service = await startStandIn();
  });

  afterAll(() => service.close());

  it('stores a running event’s ranking with its time, keeps it when the service then fails, and shows it to a student', async () => {
    const event = await createEvent('Ranked', '2026-03-31T09:00', '2026-04-02T18:00', {
      url: `${service.url}contests/ranked-2026`,
    });
    const [studentUser] = await t.db.select().from(users).where(eq(users.email, 'student@demo.test'));
    if (!studentUser) throw new Error('no demo student');
    await t.db
      .insert(students)
      .values({ userId: studentUser.id, identity: 'RANK-1', universityId, seq: 0 })
      .onConflictDoUpdate({ target: students.userId, set: { universityId } });

    const client = createCodingServiceClient(
      { url: service.url, token: 't' },
      { timeoutMs: 200, retries: 1, backoffMs: 5 },
    );
    service.answer(
      jsonAnswer(200, {
        data: [
          { email: 'STUDENT@demo.test', rank: 1, score: 420 },
          { email: 'stranger@elsewhere.test', rank: 2, score: 300 },
          { email: 'teacher@demo.test', rank: 3, score: 100.5 },
        ],
      }),
    );
    const first = await refreshRankings({ db: t.db, now: t.clock.now, client });
    expect(first.updated).toEqual([event.id]);

    const ranking = await call(t.app, student, 'POST', '/api/viblo/search', { eventId: event.id });
    expect(ranking.statusCode).toBe(200);
    expect(ranking.json()).toMatchObject({
      data: [
        {
          rank: 1,
          score: 420,
          user: { id: studentUser.id },
          university: { id: universityId, name: 'Event U' },
        },
        { rank: 3, score: 100.5, university: null },
      ],
      meta: { pagination: { total: 2 } },
      updated_at: '2026-04-01T18:00:00+09:00',
    });
    const byUniversity = await call(t.app, student, 'POST', '/api/viblo/search', {
      eventId: event.id,
      universityId,
    });
    expect(byUniversity.json().data).toHaveLength(1);

    t.clock.advance(60_000);
    service.answer(jsonAnswer(200, '{"data": [garbage'));
    const second = await refreshRankings({ db: t.db, now: t.clock.now, client });
    expect(second).toEqual({ updated: [], failed: [{ eventId: event.id, failure: 'invalid_body' }] });
    service.answer(jsonAnswer(500, {}));
    expect((await refreshRankings({ db: t.db, now: t.clock.now, client })).failed).toEqual([
      { eventId: event.id, failure: 'server_error' },
    ]);
    const kept = await call(t.app, student, 'POST', '/api/viblo/search', { eventId: event.id });
    expect(kept.json().meta.pagination.total).toBe(2);
    expect(kept.json().updated_at).toBe('2026-04-01T18:00:00+09:00');
  });

  it('keeps no ranking for an event deleted while the service answered', async () => {
    const event = await createEvent('Deleted meanwhile', '2026-03-31T09:00', '2026-04-02T18:00');
    await t.db.delete(events).where(eq(events.id, event.id));
    const rows = [{ email: 'student@demo.test', rank: 1, score: 10 }];
    expect(await replaceRanking(t.db, event.id, rows, t.clock.now())).toBeNull();
    expect(await t.db.select().from(eventRankings).where(eq(eventRankings.eventId, event.id))).toEqual([]);
  });
});

describe('ranking import', () => {
  function upload(session: TestSession, eventId: string, body: Buffer) {
    return t.app.inject({
      method: 'POST',
      url: `/api/viblo-event/${eventId}/ranking-import`,
      headers: { ...session.headers(), 'content-type': XLSX_MIME_TYPE },
      payload: body,
    });
  }

  it('replaces an event’s ranking from an xlsx, skipping people of no account here', async () => {
    const event = await createEvent('Imported', '2026-03-20T09:00', '2026-03-21T18:00');
    const file = await xlsxSheet(
      ['email', 'rank', 'score'],
      [
        ['teacher@demo.test', 2, 80],
        ['student@demo.test', 1, 95.5],
        ['nobody@elsewhere.test', 3, 10],
      ],
    );
    const response = await upload(admin, event.id, file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ stored: 2, skipped: 1 });
    const ranking = (await call(t.app, student, 'POST', '/api/viblo/search', { eventId: event.id })).json();
    expect(ranking.data.map((row: { rank: number; score: number }) => [row.rank, row.score])).toEqual([
      [1, 95.5],
      [2, 80],
    ]);
    expect(ranking.updated_at).toBe(schoolDateTime(t.clock.now()));
  });

  it('names every bad cell, refuses files that are not xlsx, and keeps the ranking as it was', async () => {
    const event = await createEvent('Import kept', '2026-03-20T09:00', '2026-03-21T18:00');
    await upload(
      admin,
      event.id,
      await xlsxSheet(['email', 'rank', 'score'], [['student@demo.test', 1, 50]]),
    );

    const bad = await upload(
      admin,
      event.id,
      await xlsxSheet(
        ['email', 'rank', 'score'],
        [
          ['teacher@demo.test', 0, 10],
          ['x', 2, null],
        ],
      ),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'rows.2.rank': ['invalid'],
      'rows.3.email': ['invalid'],
      'rows.3.score': ['required'],
    });
    const notZip = await upload(admin, event.id, Buffer.from('email,rank,score\nstudent@demo.test,1,1'));
    expect(notZip.statusCode).toBe(422);
    expect(notZip.json().errors).toHaveProperty('file');
    const empty = await upload(admin, event.id, await xlsxSheet(['email', 'rank', 'score'], []));
    expect(empty.json().errors).toEqual({ file: ['import_empty'] });
    expect((await upload(student, event.id, await xlsxSheet(['email'], []))).statusCode).toBe(403);

    const ranking = (await call(t.app, admin, 'POST', '/api/viblo/search', { eventId: event.id })).json();
    expect(ranking.data.map((row: { score: number }) => row.score)).toEqual([50]);
  });
});
