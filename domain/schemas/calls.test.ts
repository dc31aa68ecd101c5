import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AttendanceStatus } from '../attendance';
import { HighlightCompare, HighlightCondition, HighlightType } from '../highlights';
import { LessonType, PlanPublish } from '../lessons';
import { CALL_ROLES, type CallKey, callMethod, callPath } from '../permissions';
import { RequestStatus } from '../request-status';
import { RequestOption } from '../requests';
import { StickyStatus, StickyType } from '../stickies';
import { scoreEntriesRequestFor } from './achievement';
import { CALL_SCHEMAS, CALL_SLICES, type CallSchema } from './calls';
import { offlineQueueItemSchema } from './offline';

// ---------------------------------------------------------------------------------------------------------
// Factories: fresh ids and valid payloads, built here rather than read from any seed.

let counter = 0;
function uuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

function schemasOf(call: string): CallSchema {
  const entry: CallSchema | undefined = (CALL_SCHEMAS as Record<string, CallSchema>)[call];
  if (entry === undefined) throw new Error(`no schemas for ${call}`);
  return entry;
}

function part(call: CallKey, name: 'params' | 'query' | 'body' | 'response'): z.ZodType {
  const schema = schemasOf(call)[name];
  if (schema === undefined) throw new Error(`${call} has no ${name} schema`);
  return schema;
}

/** `{ 'data.attendances.0.status': ['invalid'] }`: the codes a failed parse reports, by field path. */
function codes(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [''];
    for (const key of keys) {
      const path = [...issue.path, ...(key === '' ? [] : [key])].map(String).join('.');
      byPath[path] = [...(byPath[path] ?? []), issue.message];
    }
  }
  return byPath;
}

function pathParams(call: string): string[] {
  return callPath(call)
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

const lessonBody = () => ({
  name: 'Lesson 1',
  table_of_contents: 'Greetings',
  overview: 'First lesson',
  minutes: 90,
  schedules: [
    {
      class_id: uuid(),
      day: '2025-04-07',
      start_time: '09:00',
      end_time: '10:30',
      room_id: null,
      teacher_ids: [uuid()],
    },
  ],
});

const attendanceBody = () => ({
  data: {
    subjectClass: uuid(),
    attendances: [
      {
        class_student_id: uuid(),
        schedule_id: uuid(),
        status: AttendanceStatus.late,
        absence_reasons: null,
        comment: 'Train delay',
      },
    ],
  },
});

// ---------------------------------------------------------------------------------------------------------

describe('the call registry', () => {
  it('covers every call the permission table knows, and no other', () => {
    expect(Object.keys(CALL_SCHEMAS).sort()).toEqual(Object.keys(CALL_ROLES).sort());
  });

  it('takes each call from exactly one area slice, unchanged', () => {
    const keys = CALL_SLICES.flatMap((slice) => Object.keys(slice));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(keys.sort()).toEqual(Object.keys(CALL_SCHEMAS).sort());
    for (const slice of CALL_SLICES) {
      for (const [key, entry] of Object.entries(slice)) expect(schemasOf(key), key).toBe(entry);
    }
  });

  it('validates exactly the path parameters each path declares', () => {
    const mismatched = Object.keys(CALL_SCHEMAS).filter((call) => {
      const params = schemasOf(call).params;
      const expected = pathParams(call).sort();
      if (params === undefined) return expected.length > 0;
      return !(params instanceof z.ZodObject) || Object.keys(params.shape).sort().join() !== expected.join();
    });
    expect(mismatched).toEqual([]);
  });

  it('gives reads no body and every JSON write a body', () => {
    // Avatar updates, score and ranking imports upload the file itself, checked by file rules rather than a JSON schema.
    const multipart = [
      'POST /api/students/update-avatar',
      'POST /api/users/update-avatar',
      'POST /api/achievement/import/:subjectClassId/preview',
      'POST /api/achievement/import/:subjectClassId',
      'POST /api/viblo-event/:eventId/ranking-import',
    ];
    const wrong = Object.keys(CALL_SCHEMAS).filter((call) => {
      const hasBody = schemasOf(call).body !== undefined;
      if (callMethod(call) === 'GET') return hasBody;
      return !hasBody && !multipart.includes(call);
    });
    expect(wrong).toEqual([]);
  });

  it('refuses an unknown field in every body, query string and path', () => {
    // Written by another party: the identity provider adds query keys of its own (Google's `hd`, `authuser`),
    // which the OpenID Connect library reads and checks.
    const foreign = ['GET /api/auth/provider/callback'];
    const lenient: string[] = [];
    for (const call of Object.keys(CALL_SCHEMAS).filter((key) => !foreign.includes(key))) {
      for (const name of ['params', 'query', 'body'] as const) {
        const schema = schemasOf(call)[name];
        if (schema === undefined) continue;
        // The issue kind, not its message: the server files every unrecognised key as `unknown_field`, and
        // the older schemas of `auth.ts` and `sync.ts` keep zod's message.
        const result = schema.safeParse({ not_in_spec: '1' });
        const refused = result.error?.issues.some(
          (issue) => issue.code === 'unrecognized_keys' && issue.keys.includes('not_in_spec'),
        );
        if (!refused) lenient.push(`${call} ${name}`);
      }
    }
    expect(lenient).toEqual([]);
  });
});

describe('request bodies', () => {
  it('a teacher saves a sheet of attendance and an unknown field in a row is named', () => {
    const body = part('POST /api/attendance/:scheduleId', 'body');
    expect(body.safeParse(attendanceBody()).success).toBe(true);
    const sheet = attendanceBody();
    const row = { ...sheet.data.attendances[0], present: true };
    expect(codes(body, { data: { ...sheet.data, attendances: [row] } })).toEqual({
      'data.attendances.0.present': ['unknown_field'],
    });
  });

  it('refuses wrong types instead of coercing them', () => {
    const body = part('POST /api/attendance/:scheduleId', 'body');
    const sheet = attendanceBody();
    const row = { ...sheet.data.attendances[0], status: '1', schedule_id: 42 };
    expect(codes(body, { data: { ...sheet.data, attendances: [row] } })).toEqual({
      'data.attendances.0.status': ['invalid'],
      'data.attendances.0.schedule_id': ['invalid_type'],
    });
    expect(codes(part('POST /api/sticky/:stickyId', 'body'), { status: '1' })).toEqual({
      status: ['invalid'],
    });
  });

  it('reports a missing field as required', () => {
    expect(codes(part('POST /api/notification/read', 'body'), {})).toEqual({ id: ['required'] });
  });

  it('keeps the text limits of SPEC §5 on lessons', () => {
    const body = part('POST /api/academic/subjects/:subjectId/lessons', 'body');
    expect(body.safeParse(lessonBody()).success).toBe(true);
    expect(
      codes(body, {
        ...lessonBody(),
        table_of_contents: 'x'.repeat(51),
        overview: 'x'.repeat(301),
        minutes: 301,
      }),
    ).toEqual({ table_of_contents: ['too_long'], overview: ['too_long'], minutes: ['too_large'] });
  });

  it('refuses a lesson schedule that ends before it starts', () => {
    const body = part('POST /api/academic/subjects/:subjectId/lessons/draft', 'body');
    const lesson = lessonBody();
    const schedule = { ...lesson.schedules[0], start_time: '10:00', end_time: '09:00' };
    expect(codes(body, { ...lesson, schedules: [schedule] })).toEqual({
      'schedules.0.end_time': ['end_before_start'],
    });
  });

  it('refuses an exam whose sub-scores repeat a name', () => {
    const body = part('POST /api/academic/subjects/:subjectId/lessons/exam', 'body');
    const scoreName = (name: string) => ({ name, full_score: 50, option_plus: false, parent_id: null });
    const exam = { ...lessonBody(), exam_name_id: uuid(), score_names: [scoreName('Listening')] };
    expect(body.safeParse(exam).success).toBe(true);
    expect(codes(body, { ...exam, score_names: [scoreName('Listening'), scoreName(' listening ')] })).toEqual(
      {
        'score_names.1.name': ['duplicate_name'],
      },
    );
  });

  it('a student request keeps its 500-character limit and needs the minutes when late', () => {
    const body = part('POST /api/requests', 'body');
    const request = {
      option: RequestOption.late,
      subject_id: uuid(),
      class_id: uuid(),
      schedule_id: uuid(),
      late_minutes: 15,
      content: 'The train was late.',
    };
    expect(body.safeParse(request).success).toBe(true);
    expect(codes(body, { ...request, content: 'x'.repeat(501) })).toEqual({ content: ['too_long'] });
    expect(codes(body, { ...request, late_minutes: null })).toEqual({ late_minutes: ['required'] });
    // An option names exactly what it is about: a score confirm needs its score name and score, and names
    // no sitting or minutes.
    expect(codes(body, { ...request, option: RequestOption.achievementConfirm })).toEqual({
      score_name_id: ['required'],
      points: ['required'],
      schedule_id: ['invalid'],
      late_minutes: ['invalid'],
    });
  });

  it('a request decision cannot set a request back to requesting', () => {
    const body = part('POST /api/requests/:requestId/attendance', 'body');
    expect(body.safeParse({ status: RequestStatus.rejected, reason: 'No delay on record.' }).success).toBe(
      true,
    );
    expect(codes(body, { status: RequestStatus.rejected })).toEqual({ reason: ['required'] });
    expect(codes(body, { status: RequestStatus.requesting })).toEqual({ status: ['invalid'] });
    expect(codes(body, { status: RequestStatus.accepted })).toEqual({ accept_reason: ['required'] });
  });

  it('a memo longer than 3000 characters is refused', () => {
    const body = part('POST /api/memo', 'body');
    const memo = { message: 'Bring the workbook.', contact_to_head_teacher: true, schedules_id: [uuid()] };
    expect(body.safeParse(memo).success).toBe(true);
    expect(codes(body, { ...memo, message: 'x'.repeat(3001) })).toEqual({ message: ['too_long'] });
    expect(codes(body, { ...memo, schedules_id: [] })).toEqual({ schedules_id: ['required'] });
  });

  it('a plan note reuses the note limit', () => {
    const body = part(
      'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId/note/store',
      'body',
    );
    const note = {
      subject_id: uuid(),
      lesson_id: uuid(),
      schedule_id: uuid(),
      plan_id: uuid(),
      content: 'ok',
    };
    expect(body.safeParse(note).success).toBe(true);
    expect(codes(body, { ...note, content: 'x'.repeat(3001) })).toEqual({ content: ['too_long'] });
  });

  it('a plan refuses a link that is not http', () => {
    const body = part(
      'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/create',
      'body',
    );
    const planBody = {
      subject_id: uuid(),
      lesson_id: uuid(),
      schedule_id: uuid(),
      plan_id: null,
      publish: PlanPublish.draft,
      lesson_type: LessonType.lesson,
      content: 'Plan',
      links: [{ title: 'Slides', link: 'https://example.com/slides' }],
    };
    expect(body.safeParse(planBody).success).toBe(true);
    expect(codes(body, { ...planBody, links: [{ title: 'x', link: 'javascript:alert(1)' }] })).toEqual({
      'links.0.link': ['invalid'],
    });
  });

  it('a highlight body applies the highlight rule: GPA thresholds stay on the 0–4 scale', () => {
    const body = part('POST /api/academic/subjects/:subjectId/highlights', 'body');
    const highlight = {
      type: HighlightType.achievement,
      condition_type: HighlightCondition.gpa,
      compare_type: HighlightCompare.lessThan,
      value: 2.5,
      message_to_student: 'Please see your teacher.',
    };
    expect(body.safeParse(highlight).success).toBe(true);
    expect(codes(body, { ...highlight, value: 4.5 })).toEqual({ value: ['too_large'] });
    expect(codes(body, { ...highlight, condition_type: HighlightCondition.late })).toEqual({
      condition_type: ['invalid'],
    });
    expect(codes(body, { ...highlight, color: 'red' })).toEqual({ color: ['unknown_field'] });
  });

  it('password reset keeps the pair rules and needs the token', () => {
    const body = part('POST /api/password/reset', 'body');
    const reset = { token: 'abc', password: 'abcd1234', password_confirmation: 'abcd1234' };
    expect(body.safeParse(reset).success).toBe(true);
    expect(codes(body, { ...reset, password_confirmation: 'abcd1235' })).toEqual({
      password_confirmation: ['password_confirmation_mismatch'],
    });
    expect(codes(body, { password: 'abcd1234', password_confirmation: 'abcd1234' })).toEqual({
      token: ['required'],
    });
  });

  it('a copy reuses the copy-form codes of SPEC §5', () => {
    const body = part('POST /api/academic/subjects/:subjectId/copy', 'body');
    const entry = {
      day: '2025-04-07',
      start_time: '09:00',
      end_time: '10:30',
      teacher_id: [],
      room_id: null,
      class_name_id: uuid(),
      suggest_date: 2,
    };
    expect(body.safeParse({ isPublic: true, schedules: [entry] }).success).toBe(true);
    expect(codes(body, { isPublic: true, schedules: [{ ...entry, day: '' }] })).toEqual({
      'schedules.0.day': ['i2-10_schedule_required'],
    });
  });

  it('public lessons after a copy go in batches of at most 10', () => {
    const body = part('POST /api/academic/subjects/:subjectId/public-lessons-after-copy', 'body');
    const ids = Array.from({ length: 11 }, () => uuid());
    expect(body.safeParse({ lessonsId: ids.slice(0, 10) }).success).toBe(true);
    expect(codes(body, { lessonsId: ids })).toEqual({ lessonsId: ['too_long'] });
  });

  it('an event may not end before the day it starts', () => {
    const body = part('POST /api/viblo-event', 'body');
    const event = { name: 'Contest', start_time: '2025-05-10T09:00', end_time: '2025-05-10T18:00' };
    expect(body.safeParse(event).success).toBe(true);
    expect(codes(body, { ...event, end_time: '2025-05-09T18:00' })).toEqual({
      end_time: ['end_before_start'],
    });
  });

  it('a formula that does not parse is refused with the formula code', () => {
    const body = part('POST /api/academic/subjects/:subjectId/formula', 'body');
    expect(body.safeParse({ formula: 'AVG(midterm, final) * 0.5 + 1' }).success).toBe(true);
    expect(codes(body, { formula: 'midterm +' })).toEqual({ formula: ['formula_syntax'] });
  });

  it('a bulk student add names the row and field at fault', () => {
    const body = part('POST /api/students/create-multi', 'body');
    const row = {
      identity: 'S-001',
      name: 'Nguyen Van A',
      name_kana: 'グエン',
      email: 'a@example.com',
      phone: '090-1234-5678',
      university_id: uuid(),
      faculty_id: uuid(),
      year_code_id: uuid(),
    };
    expect(body.safeParse({ students: [row] }).success).toBe(true);
    expect(codes(body, { students: [row, { ...row, email: 'nope', name_kana: 'カ'.repeat(128) }] })).toEqual({
      'students.1.email': ['invalid_email'],
      'students.1.name_kana': ['too_long'],
    });
  });

  it('a master create is any segment body; the segment path refuses unknown segments', () => {
    const body = part('POST /api/master-setting/:segment', 'body');
    expect(body.safeParse({ name: 'Room 101', university_id: uuid() }).success).toBe(true);
    expect(codes(part('POST /api/master-setting/:segment', 'params'), { segment: 'pets' })).toEqual({
      segment: ['invalid'],
    });
  });
});

describe('scores', () => {
  const body = () => part('POST /api/achievement/:scoreNameId/:subjectClassId', 'body');
  const entry = (point: unknown) => ({ achievements: [{ subjectStudentId: uuid(), point, comment: null }] });
  const pointOf = (input: unknown): unknown => {
    const parsed = body().parse(input) as { achievements: { point: unknown }[] };
    return parsed.achievements[0]?.point;
  };

  it('an empty point becomes null while zero is kept', () => {
    expect(pointOf(entry(''))).toBeNull();
    expect(pointOf(entry(null))).toBeNull();
    expect(pointOf(entry(0))).toBe(0);
    expect(pointOf(entry(7.25))).toBe(7.25);
  });

  it('a score above the full score is refused once the full score is known', () => {
    const withinTen = scoreEntriesRequestFor(10);
    expect(withinTen.safeParse(entry(10)).success).toBe(true);
    expect(codes(withinTen, entry(10.5))).toEqual({ 'achievements.0.point': ['score_above_full'] });
    expect(withinTen.safeParse(entry('')).success).toBe(true);
  });

  it('a typed number, a negative or a third decimal is refused', () => {
    expect(codes(body(), entry('5'))).toEqual({ 'achievements.0.point': ['invalid_number'] });
    expect(codes(body(), entry(-1))).toEqual({ 'achievements.0.point': ['negative_not_allowed'] });
    expect(codes(body(), entry(1.005))).toEqual({ 'achievements.0.point': ['too_many_decimals'] });
  });
});

describe('query strings and paths', () => {
  it('reads numbers and lists from text and defaults the page', () => {
    const query = part('GET /api/students/search', 'query');
    const [first, second] = [uuid(), uuid()];
    expect(
      query.parse({ page: '2', jlpt: '', classes: `${first},${second}`, compareAttendance: '3' }),
    ).toEqual({
      page: 2,
      limit: 10,
      jlpt: undefined,
      classes: [first, second],
      compareAttendance: HighlightCompare.lessThan,
    });
    expect(codes(query, { limit: '1000' })).toEqual({ limit: ['too_large'] });
    expect(codes(query, { page: 'two' })).toEqual({ page: ['invalid_type'] });
  });

  it('reads the card type of a sticky class list', () => {
    const query = part('GET /api/sticky/list-classes-attendance', 'query');
    const stickyId = uuid();
    expect(query.parse({ stickyId, stickyType: '12' })).toEqual({
      stickyId,
      stickyType: StickyType.lessonAttendance,
    });
    expect(codes(query, { stickyId, stickyType: '7' })).toEqual({ stickyType: ['invalid'] });
  });

  it('refuses ids that are not uuids', () => {
    const params = part('GET /api/academic/subjects/:subjectId/lessons/:lessonId/detail', 'params');
    expect(codes(params, { subjectId: uuid(), lessonId: '42' })).toEqual({ lessonId: ['invalid'] });
  });

  it('reads calendar paths as months and dates', () => {
    const params = part('GET /api/schedules/:month/month/student', 'params');
    expect(params.safeParse({ month: '2025-04' }).success).toBe(true);
    expect(codes(params, { month: '2025-13' })).toEqual({ month: ['invalid_date'] });
  });
});

describe('responses', () => {
  it('a page of stickies carries meta.pagination with the next link', () => {
    const response = part('GET /api/sticky', 'response');
    const sticky = {
      id: uuid(),
      type: StickyType.highlightAttendance,
      status: StickyStatus.open,
      content: '<p>Three absences</p>',
      created_at: '2025-04-01T09:00:00+09:00',
      year_code: { code_name: 'K25' },
      subject: {
        id: uuid(),
        name: 'Japanese',
        highlightAttendance: { highlights: { message_to_student: 'Come to class' } },
        highlightAchievement: null,
      },
      lesson: null,
      class: { id: uuid(), name: 'A1' },
      schedule: { id: uuid(), room: { name: '101' } },
      highlight: {
        type: HighlightType.attendance,
        condition_type: HighlightCondition.unexplainedAbsence,
        compare_type: HighlightCompare.above,
        value: 3,
      },
      plan: null,
      memo_id: null,
      request_id: null,
      student: null,
    };
    const page = {
      data: [sticky],
      meta: {
        pagination: {
          count: 1,
          current_page: 1,
          per_page: 4,
          total: 1,
          total_pages: 1,
          links: { next: null },
        },
      },
    };
    expect(response.safeParse(page).success).toBe(true);
    expect(response.safeParse({ data: [{ ...sticky, type: 7 }], meta: page.meta }).success).toBe(false);
  });

  it('a notification page has total, data and current_page', () => {
    const response = part('GET /api/notification', 'response');
    const item = {
      id: uuid(),
      created_at: '2025-04-01T09:00:00+09:00',
      read_at: null,
      data: { message: 'request_created', url: '/requests/1', params: null },
    };
    expect(response.safeParse({ total: 1, data: [item], current_page: 1, unread: 1 }).success).toBe(true);
  });
});

describe('offline queue', () => {
  it('an item waits or has failed, nothing else', () => {
    const item = { id: 1, value: { a: 1 }, time: 1_700_000_000_000, url: '/api/memo', status: 'waiting' };
    expect(offlineQueueItemSchema.safeParse(item).success).toBe(true);
    expect(offlineQueueItemSchema.safeParse({ ...item, status: false }).success).toBe(true);
    expect(offlineQueueItemSchema.safeParse({ ...item, status: 'sent' }).success).toBe(false);
  });
});
