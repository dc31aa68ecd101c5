import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../domain/attendance';
import { HighlightCompare, HighlightCondition, HighlightType } from '../../domain/highlights';
import { LessonType, PublishState } from '../../domain/lessons';
import { LIMITS } from '../../domain/limits';
import { RequestStatus } from '../../domain/request-status';
import {
  AcceptReason,
  AttendanceRequestKind,
  ConfirmKind,
  RequestOption,
  RequestType,
} from '../../domain/requests';
import { Role } from '../../domain/roles';
import { StickyStatus, StickyType } from '../../domain/stickies';
import { createSchoolFixture, type SchoolFixture } from '../testing/school-fixture';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { type DatabaseHandle, openDatabase } from './client';
import {
  achievements,
  attendanceHistory,
  attendances,
  classStudents,
  classTeachers,
  eventRankings,
  events,
  highlights,
  idempotencyKeys,
  invitations,
  lessons,
  mailOutbox,
  memoSchedules,
  memos,
  notes,
  notifications,
  otpCodes,
  passwordResets,
  planNotes,
  plans,
  requests,
  results,
  schedules,
  scheduleTeachers,
  scoreHistory,
  scoreNames,
  stickies,
  students,
  subjectClasses,
  subjectStudents,
  subjects,
  trustedDevices,
  users,
  userUniversities,
} from './schema';

let testDatabase: TestDatabase;
let database: DatabaseHandle;
let school: SchoolFixture;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config);
  await database.withStartupLock(() => database.migrate());
  school = await createSchoolFixture(database.db);
});

afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

/** The name of the constraint that refused `work`, or 'accepted' when the database took it. */
async function outcome(work: PromiseLike<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return constraintOf(error);
  }
  return 'accepted';
}

function constraintOf(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error) {
    if ('constraint' in current && typeof current.constraint === 'string' && current.constraint !== '') {
      return current.constraint;
    }
    current = current.cause;
  }
  return `unexpected error: ${String(error)}`;
}

const seq = 1;
const partition = () => ({ subjectId: school.subjectId, universityId: school.universityId, seq });
const tooLong = (max: number) => 'あ'.repeat(max + 1);

function lesson(overrides: Partial<typeof lessons.$inferInsert> = {}) {
  return database.db
    .insert(lessons)
    .values({ ...partition(), name: '授業', type: LessonType.lesson, ...overrides });
}

function schedule(overrides: Partial<typeof schedules.$inferInsert> = {}) {
  return database.db.insert(schedules).values({
    ...partition(),
    lessonId: school.lessonId,
    classId: school.classId,
    day: '2026-05-01',
    startTime: '13:00',
    endTime: '14:00',
    ...overrides,
  });
}

function attendance(overrides: Partial<typeof attendances.$inferInsert> = {}) {
  return database.db.insert(attendances).values({
    ...partition(),
    classStudentId: school.classStudentId,
    studentId: school.studentId,
    scheduleId: school.scheduleId,
    ...overrides,
  });
}

function achievement(overrides: Partial<typeof achievements.$inferInsert> = {}) {
  return database.db.insert(achievements).values({
    ...partition(),
    subjectStudentId: school.subjectStudentId,
    studentId: school.studentId,
    scoreNameId: school.scoreNameId,
    fullScore: 100,
    ...overrides,
  });
}

function highlight(overrides: Partial<typeof highlights.$inferInsert> = {}) {
  return database.db.insert(highlights).values({
    ...partition(),
    type: HighlightType.attendance,
    conditionType: HighlightCondition.late,
    compareType: HighlightCompare.above,
    value: 3,
    ...overrides,
  });
}

function request(overrides: Partial<typeof requests.$inferInsert> = {}) {
  return database.db.insert(requests).values({
    ...partition(),
    studentId: school.studentId,
    scheduleId: school.scheduleId,
    type: RequestType.attendance,
    option: RequestOption.late,
    attendanceKind: AttendanceRequestKind.late,
    lateMinutes: 10,
    content: '電車が遅れました',
    ...overrides,
  });
}

describe('people', () => {
  it('refuses an unknown role, a mixed-case email and a duplicate email', async () => {
    const user = { name: '誰か', passwordHash: 'x', seq };
    expect(await outcome(database.db.insert(users).values({ ...user, email: 'r@x.test', role: 4 }))).toBe(
      'users_role_valid',
    );
    expect(
      await outcome(database.db.insert(users).values({ ...user, email: 'Mixed@x.test', role: Role.admin })),
    ).toBe('users_email_lowercase');
    expect(
      await outcome(database.db.insert(users).values({ ...user, email: 'dup@x.test', role: Role.admin })),
    ).toBe('accepted');
    expect(
      await outcome(database.db.insert(users).values({ ...user, email: 'dup@x.test', role: Role.admin })),
    ).toBe('users_email_unique');
  });

  it('refuses a kana name over 127 characters and an unknown JLPT level', async () => {
    expect(
      await outcome(
        database.db.insert(users).values({
          email: 'kana@x.test',
          name: '名前',
          nameKana: tooLong(LIMITS.nameKanaMaxLength),
          role: Role.teacher,
          passwordHash: 'x',
          seq,
        }),
      ),
    ).toBe('users_name_kana_length');
    expect(
      await outcome(database.db.update(students).set({ jlpt: 6 }).where(eq(students.id, school.studentId))),
    ).toBe('students_jlpt_valid');
  });

  it('refuses a staff member linked twice to one university', async () => {
    const link = { userId: school.teacherId, universityId: school.universityId, seq };
    expect(await outcome(database.db.insert(userUniversities).values(link))).toBe('accepted');
    expect(await outcome(database.db.insert(userUniversities).values(link))).toBe(
      'user_universities_pair_unique',
    );
  });
});

describe('subjects, classes and enrolments', () => {
  it('refuses a subject ending before it starts and an unknown publish code', async () => {
    const subject = {
      subjectNameId: school.subjectNameId,
      universityId: school.universityId,
      seq,
    };
    expect(
      await outcome(
        database.db.insert(subjects).values({ ...subject, startDate: '2026-09-01', endDate: '2026-08-31' }),
      ),
    ).toBe('subjects_dates_ordered');
    expect(
      await outcome(
        database.db
          .insert(subjects)
          .values({ ...subject, startDate: '2026-04-01', endDate: '2026-08-31', publish: 7 }),
      ),
    ).toBe('subjects_publish_valid');
  });

  it('refuses a child row whose university is not its subject’s', async () => {
    expect(
      await outcome(
        database.db.insert(subjectClasses).values({
          ...partition(),
          universityId: school.otherUniversityId,
          classNameId: school.otherClassNameId,
        }),
      ),
    ).toBe('subject_classes_subject_fk');
  });

  it('refuses the same class name twice in one subject', async () => {
    expect(
      await outcome(
        database.db.insert(subjectClasses).values({ ...partition(), classNameId: school.classNameId }),
      ),
    ).toBe('subject_classes_name_unique');
  });

  it('refuses a teacher assigned twice to a class and a class of another subject', async () => {
    const row = { ...partition(), classId: school.classId, teacherId: school.teacherId };
    expect(await outcome(database.db.insert(classTeachers).values(row))).toBe('accepted');
    expect(await outcome(database.db.insert(classTeachers).values(row))).toBe('class_teachers_pair_unique');
    // Another subject of the same university with the first subject's class: the class does not belong.
    const elsewhere = { ...row, subjectId: school.otherSubjectId, teacherId: school.studentUserId };
    expect(await outcome(database.db.insert(classTeachers).values(elsewhere))).toBe(
      'class_teachers_class_fk',
    );
  });

  it('refuses a second enrolment of a student in a subject and a second class in it', async () => {
    expect(
      await outcome(
        database.db.insert(subjectStudents).values({ ...partition(), studentId: school.studentId }),
      ),
    ).toBe('subject_students_pair_unique');
    const otherClass = await database.db
      .insert(subjectClasses)
      .values({ ...partition(), classNameId: school.otherClassNameId })
      .returning();
    const classId = otherClass[0]?.id ?? '';
    expect(
      await outcome(
        database.db.insert(classStudents).values({
          ...partition(),
          classId,
          studentId: school.studentId,
          subjectStudentId: school.subjectStudentId,
        }),
      ),
    ).toBe('class_students_one_class_per_subject');
  });
});

describe('lessons and schedules', () => {
  it('refuses unknown type and publish codes', async () => {
    expect(await outcome(lesson({ type: 2 }))).toBe('lessons_type_valid');
    expect(await outcome(lesson({ publish: 2 }))).toBe('lessons_publish_valid');
    expect(await outcome(lesson({ publish: PublishState.draft }))).toBe('accepted');
  });

  it('refuses texts and minutes beyond SPEC §5 and an exam name on a lesson', async () => {
    expect(await outcome(lesson({ tableOfContents: tooLong(LIMITS.tableOfContentsMaxLength) }))).toBe(
      'lessons_table_of_contents_length',
    );
    expect(await outcome(lesson({ overview: tooLong(LIMITS.overviewMaxLength) }))).toBe(
      'lessons_overview_length',
    );
    expect(await outcome(lesson({ minutes: LIMITS.lessonMinutesMax + 1 }))).toBe('lessons_minutes_range');
    expect(await outcome(lesson({ minutes: -1 }))).toBe('lessons_minutes_range');
    expect(await outcome(lesson({ minutes: 0 }))).toBe('accepted');
    expect(await outcome(lesson({ name: '   ' }))).toBe('lessons_name_length');
    expect(await outcome(lesson({ examNameId: school.examNameId }))).toBe('lessons_exam_name_only_on_exams');
  });

  it('refuses a schedule ending at or before its start, or mixing subjects', async () => {
    expect(await outcome(schedule({ endTime: '13:00' }))).toBe('schedules_time_ordered');
    expect(['schedules_lesson_fk', 'schedules_class_fk']).toContain(
      await outcome(schedule({ subjectId: school.otherSubjectId })),
    );
    const otherLesson = await database.db
      .insert(lessons)
      .values({
        subjectId: school.otherSubjectId,
        universityId: school.universityId,
        seq,
        name: '他',
        type: 0,
      })
      .returning();
    expect(await outcome(schedule({ lessonId: otherLesson[0]?.id ?? '' }))).toBe('schedules_lesson_fk');
  });

  it('refuses a teacher twice on one schedule', async () => {
    const row = { ...partition(), scheduleId: school.scheduleId, teacherId: school.teacherId };
    expect(await outcome(database.db.insert(scheduleTeachers).values(row))).toBe('accepted');
    expect(await outcome(database.db.insert(scheduleTeachers).values(row))).toBe(
      'schedule_teachers_pair_unique',
    );
  });
});

describe('plans, notes and memos', () => {
  it('refuses a second plan for a schedule and a plan whose lesson is not the schedule’s', async () => {
    const plan = {
      ...partition(),
      lessonId: school.lessonId,
      scheduleId: school.scheduleId,
      lessonType: LessonType.lesson,
    };
    expect(await outcome(database.db.insert(plans).values({ ...plan, lessonId: school.examId }))).toBe(
      'plans_schedule_lesson_fk',
    );
    const inserted = await database.db.insert(plans).values(plan).returning();
    const planId = inserted[0]?.id ?? '';
    expect(await outcome(database.db.insert(plans).values(plan))).toBe('plans_one_per_schedule');
    expect(await outcome(database.db.insert(plans).values({ ...plan, publish: 5 }))).toBe(
      'plans_publish_valid',
    );

    const note = { ...plan, planId, authorId: school.teacherId, content: 'メモ' };
    expect(await outcome(database.db.insert(planNotes).values(note))).toBe('accepted');
    expect(await outcome(database.db.insert(planNotes).values({ ...note, content: '' }))).toBe(
      'plan_notes_content_length',
    );
    expect(
      await outcome(
        database.db.insert(planNotes).values({ ...note, content: tooLong(LIMITS.noteMaxLength) }),
      ),
    ).toBe('plan_notes_content_length');
  });

  it('refuses a note over 3000 characters and a note on a lesson of another subject', async () => {
    const note = { ...partition(), authorId: school.teacherId, content: '連絡' };
    expect(
      await outcome(database.db.insert(notes).values({ ...note, content: tooLong(LIMITS.noteMaxLength) })),
    ).toBe('notes_content_length');
    expect(
      await outcome(
        database.db
          .insert(notes)
          .values({ ...note, subjectId: school.otherSubjectId, lessonId: school.lessonId }),
      ),
    ).toBe('notes_lesson_fk');
  });

  it('refuses an empty memo and a memo schedule of another subject', async () => {
    const memo = { ...partition(), authorId: school.teacherId, message: '' };
    expect(await outcome(database.db.insert(memos).values(memo))).toBe('memos_message_length');
    const inserted = await database.db
      .insert(memos)
      .values({ ...memo, message: '持ち物' })
      .returning();
    const link = { ...partition(), memoId: inserted[0]?.id ?? '', scheduleId: school.scheduleId };
    expect(await outcome(database.db.insert(memoSchedules).values(link))).toBe('accepted');
    expect(await outcome(database.db.insert(memoSchedules).values(link))).toBe('memo_schedules_pair_unique');
    const [otherMemo] = await database.db
      .insert(memos)
      .values({ ...memo, message: '別件' })
      .returning();
    const elsewhere = { ...link, memoId: otherMemo?.id ?? '', subjectId: school.otherSubjectId };
    expect(['memo_schedules_memo_fk', 'memo_schedules_schedule_fk']).toContain(
      await outcome(database.db.insert(memoSchedules).values(elsewhere)),
    );
  });
});

describe('highlights', () => {
  it('refuses codes outside the domain lists and a condition of the other type', async () => {
    expect(await outcome(highlight({ type: 9 }))).toBe('highlights_type_valid');
    expect(await outcome(highlight({ compareType: 5 }))).toBe('highlights_compare_valid');
    expect(await outcome(highlight({ conditionType: 7 }))).toBe('highlights_condition_valid');
    expect(await outcome(highlight({ conditionType: HighlightCondition.gpa }))).toBe(
      'highlights_condition_fits_type',
    );
    expect(await outcome(highlight({ type: HighlightType.achievement }))).toBe(
      'highlights_condition_fits_type',
    );
  });

  it('refuses a GPA above 4, a fractional count and a duplicate condition', async () => {
    const gpaRule = { type: HighlightType.achievement, conditionType: HighlightCondition.gpa };
    expect(await outcome(highlight({ ...gpaRule, value: 4.5 }))).toBe('highlights_value_range');
    expect(await outcome(highlight({ ...gpaRule, value: 2.5 }))).toBe('accepted');
    expect(await outcome(highlight({ value: 1.5 }))).toBe('highlights_value_range');
    expect(await outcome(highlight({ value: -1 }))).toBe('highlights_value_not_negative');
    expect(await outcome(highlight())).toBe('accepted');
    expect(await outcome(highlight())).toBe('highlights_condition_unique');
    expect(await outcome(highlight({ hidden: true, priority: -1, value: 4 }))).toBe(
      'highlights_priority_not_negative',
    );
  });
});

describe('score names, achievements and results', () => {
  it('refuses a zero full score, a duplicate sibling name and a parent in another subject', async () => {
    const score = { ...partition(), name: '筆記', fullScore: 50 };
    expect(
      await outcome(database.db.insert(scoreNames).values({ ...score, name: '口頭', fullScore: 0 })),
    ).toBe('score_names_full_score_positive');
    expect(await outcome(database.db.insert(scoreNames).values(score))).toBe('score_names_name_unique');
    expect(
      await outcome(
        database.db.insert(scoreNames).values({ ...score, parentId: school.scoreNameId, name: '漢字' }),
      ),
    ).toBe('accepted');
    expect(
      await outcome(
        database.db.insert(scoreNames).values({ ...score, parentId: school.scoreNameId, name: '漢字' }),
      ),
    ).toBe('score_names_name_unique');
    expect(
      await outcome(
        database.db
          .insert(scoreNames)
          .values({ ...score, subjectId: school.otherSubjectId, parentId: school.scoreNameId, name: '文法' }),
      ),
    ).toBe('score_names_parent_fk');
  });

  it('keeps a zero, refuses a score above full, a negative score and a second score per student', async () => {
    expect(await outcome(achievement({ points: 101 }))).toBe('achievements_points_within_full');
    expect(await outcome(achievement({ points: -1 }))).toBe('achievements_points_not_negative');
    expect(await outcome(achievement({ fullScore: 200, points: 150 }))).toBe('achievements_full_score_fk');
    const inserted = await achievement({ points: 0 }).returning();
    expect(inserted[0]?.points).toBe(0);
    expect(await outcome(achievement({ points: 50 }))).toBe('achievements_one_per_student_score');
  });

  it('refuses lowering a full score below an entered score and follows one that stays above', async () => {
    const [score] = await database.db
      .insert(scoreNames)
      .values({ ...partition(), name: '小テスト', fullScore: 20 })
      .returning();
    const scoreNameId = score?.id ?? '';
    await achievement({ scoreNameId, fullScore: 20, points: 15 });
    expect(
      await outcome(
        database.db.update(scoreNames).set({ fullScore: 10 }).where(eq(scoreNames.id, scoreNameId)),
      ),
    ).toBe('achievements_points_within_full');
    await database.db.update(scoreNames).set({ fullScore: 30 }).where(eq(scoreNames.id, scoreNameId));
    const [row] = await database.db
      .select()
      .from(achievements)
      .where(eq(achievements.scoreNameId, scoreNameId));
    expect(row?.fullScore).toBe(30);
  });

  it('refuses a result of a foreign enrolment and a second result per enrolment', async () => {
    const result = { ...partition(), subjectStudentId: school.subjectStudentId, studentId: school.studentId };
    expect(
      await outcome(database.db.insert(results).values({ ...result, studentId: school.teacherId })),
    ).toBe('results_enrolment_fk');
    expect(await outcome(database.db.insert(results).values(result))).toBe('accepted');
    expect(await outcome(database.db.insert(results).values({ ...result, comment: 'again' }))).toBe(
      'results_one_per_enrolment',
    );
  });
});

describe('attendance', () => {
  it('refuses an unknown status, late minutes on a non-late status and a second record per schedule', async () => {
    expect(await outcome(attendance({ status: 9 }))).toBe('attendances_status_valid');
    expect(await outcome(attendance({ status: AttendanceStatus.present, lateMinutes: 5 }))).toBe(
      'attendances_late_minutes_only_when_late',
    );
    expect(await outcome(attendance({ status: AttendanceStatus.late, lateMinutes: 0 }))).toBe(
      'attendances_late_minutes_range',
    );
    expect(await outcome(attendance({ absenceReasons: tooLong(LIMITS.commentMaxLength) }))).toBe(
      'attendances_absence_reasons_length',
    );
    expect(await outcome(attendance({ status: null }))).toBe('accepted');
    expect(await outcome(attendance({ status: AttendanceStatus.present }))).toBe(
      'attendances_one_per_student_schedule',
    );
  });

  it('refuses a record whose student is not the class student’s, and a schedule of another subject', async () => {
    const [otherSchedule] = await schedule({ day: '2026-05-08' }).returning();
    expect(
      await outcome(attendance({ scheduleId: otherSchedule?.id ?? '', studentId: school.teacherId })),
    ).toBe('attendances_class_student_fk');
    expect(['attendances_class_student_fk', 'attendances_schedule_fk']).toContain(
      await outcome(attendance({ scheduleId: otherSchedule?.id ?? '', subjectId: school.otherSubjectId })),
    );
  });

  it('keeps history rows with known statuses only', async () => {
    const [row] = await database.db.select().from(attendances).limit(1);
    const history = {
      attendanceId: row?.id ?? '',
      subjectId: school.subjectId,
      changedBy: school.teacherId,
      oldStatus: null,
      newStatus: AttendanceStatus.late,
      offline: true,
    };
    expect(await outcome(database.db.insert(attendanceHistory).values(history))).toBe('accepted');
    expect(await outcome(database.db.insert(attendanceHistory).values({ ...history, newStatus: 8 }))).toBe(
      'attendance_history_new_status_valid',
    );
    const [score] = await database.db.select().from(achievements).limit(1);
    const scoreChange = {
      achievementId: score?.id ?? '',
      subjectId: school.subjectId,
      changedBy: school.teacherId,
      oldPoints: null,
      newPoints: 80,
    };
    expect(await outcome(database.db.insert(scoreHistory).values(scoreChange))).toBe('accepted');
    expect(
      await outcome(database.db.insert(scoreHistory).values({ ...scoreChange, changedBy: school.studentId })),
    ).toBe('score_history_changed_by_users_id_fk');
  });
});

describe('requests', () => {
  it('accepts every option with its own meaning and refuses one with another option’s kind', async () => {
    expect(await outcome(request())).toBe('accepted');
    expect(await outcome(request({ option: RequestOption.absent }))).toBe('requests_option_meaning');
    expect(
      await outcome(
        request({
          option: RequestOption.lateConfirm,
          type: RequestType.attendanceConfirm,
          attendanceKind: null,
          confirmKind: ConfirmKind.late,
        }),
      ),
    ).toBe('accepted');
    expect(
      await outcome(
        request({
          option: RequestOption.other,
          type: RequestType.other,
          attendanceKind: null,
          lateMinutes: null,
        }),
      ),
    ).toBe('accepted');
    expect(
      await outcome(
        request({
          option: RequestOption.other,
          type: RequestType.attendance,
          attendanceKind: null,
          lateMinutes: null,
        }),
      ),
    ).toBe('requests_option_meaning');
  });

  it('refuses unknown codes, an accept reason before acceptance and acceptance without one', async () => {
    expect(await outcome(request({ status: 3 }))).toBe('requests_status_valid');
    expect(await outcome(request({ acceptReason: AcceptReason.withUpdate }))).toBe(
      'requests_accept_reason_when_accepted',
    );
    expect(await outcome(request({ status: RequestStatus.accepted, decidedAt: new Date() }))).toBe(
      'requests_accept_reason_when_accepted',
    );
    expect(
      await outcome(
        request({
          status: RequestStatus.accepted,
          acceptReason: AcceptReason.withoutUpdate,
          decidedAt: new Date(),
        }),
      ),
    ).toBe('accepted');
    expect(await outcome(request({ decidedAt: new Date() }))).toBe('requests_decided_when_decided');
  });

  it('refuses an attendance request without a schedule, late minutes on an absence and long content', async () => {
    expect(await outcome(request({ scheduleId: null }))).toBe('requests_schedule_for_attendance');
    expect(
      await outcome(request({ option: RequestOption.absent, attendanceKind: AttendanceRequestKind.absent })),
    ).toBe('requests_late_minutes_when_late');
    expect(await outcome(request({ content: tooLong(LIMITS.requestContentMaxLength) }))).toBe(
      'requests_content_length',
    );
    expect(await outcome(request({ content: '' }))).toBe('requests_content_length');
  });
});

describe('dashboard', () => {
  it('refuses unknown sticky types and statuses', async () => {
    const sticky = { userId: school.teacherId, seq, type: StickyType.memo, status: StickyStatus.open };
    expect(await outcome(database.db.insert(stickies).values(sticky))).toBe('accepted');
    expect(await outcome(database.db.insert(stickies).values({ ...sticky, type: 7 }))).toBe(
      'stickies_type_valid',
    );
    expect(await outcome(database.db.insert(stickies).values({ ...sticky, status: 2 }))).toBe(
      'stickies_status_valid',
    );
  });

  it('refuses a notification linking outside the app or carrying a sentence', async () => {
    const notification = {
      userId: school.teacherId,
      seq,
      message: 'notification_request_created',
      url: '/requests/1',
    };
    expect(await outcome(database.db.insert(notifications).values(notification))).toBe('accepted');
    // A message is a code the app words in the reader's language, never a sentence.
    expect(
      await outcome(
        database.db.insert(notifications).values({ ...notification, message: '申請が届きました。' }),
      ),
    ).toBe('notifications_message_code');
    expect(
      await outcome(database.db.insert(notifications).values({ ...notification, url: 'https://evil.test/' })),
    ).toBe('notifications_url_relative');
    expect(
      await outcome(database.db.insert(notifications).values({ ...notification, url: '//evil.test' })),
    ).toBe('notifications_url_relative');
  });
});

describe('events', () => {
  it('refuses an event ending before it starts and a user ranked twice', async () => {
    expect(
      await outcome(
        database.db
          .insert(events)
          .values({ name: '大会', startTime: new Date('2026-05-02'), endTime: new Date('2026-05-01') }),
      ),
    ).toBe('events_time_ordered');
    const [event] = await database.db
      .insert(events)
      .values({ name: '大会', startTime: new Date('2026-05-01'), endTime: new Date('2026-05-02') })
      .returning();
    const ranking = { eventId: event?.id ?? '', userId: school.studentUserId, rank: 1, score: 120 };
    expect(await outcome(database.db.insert(eventRankings).values(ranking))).toBe('accepted');
    expect(await outcome(database.db.insert(eventRankings).values(ranking))).toBe(
      'event_rankings_pair_unique',
    );
    expect(
      await outcome(
        database.db.insert(eventRankings).values({ ...ranking, userId: school.teacherId, rank: 0 }),
      ),
    ).toBe('event_rankings_rank_positive');
  });
});

describe('security tables', () => {
  const later = (ms: number) => new Date(Date.UTC(2026, 3, 1) + ms);

  it('refuses expiries before creation and negative attempt counts', async () => {
    const base = { userId: school.teacherId, createdAt: later(0), expiresAt: later(60_000) };
    expect(await outcome(database.db.insert(trustedDevices).values({ ...base, id: 't1' }))).toBe('accepted');
    expect(await outcome(database.db.insert(trustedDevices).values({ ...base, id: 't1' }))).toBe(
      'trusted_devices_pkey',
    );
    expect(
      await outcome(database.db.insert(passwordResets).values({ ...base, id: 'p1', expiresAt: later(0) })),
    ).toBe('password_resets_expiry_after_creation');
    const otp = { ...base, sessionId: 's1', codeHash: 'c1' };
    expect(await outcome(database.db.insert(otpCodes).values(otp))).toBe('accepted');
    expect(await outcome(database.db.insert(otpCodes).values({ ...otp, attempts: -1 }))).toBe(
      'otp_codes_attempts_not_negative',
    );
  });

  it('refuses invitations with an unknown role or a mixed-case email', async () => {
    const invitation = {
      email: 'new@x.test',
      role: Role.teacher,
      tokenHash: 'i1',
      createdAt: later(0),
      expiresAt: later(1),
    };
    expect(await outcome(database.db.insert(invitations).values({ ...invitation, role: 9 }))).toBe(
      'invitations_role_valid',
    );
    expect(
      await outcome(database.db.insert(invitations).values({ ...invitation, email: 'New@x.test' })),
    ).toBe('invitations_email_lowercase');
    expect(await outcome(database.db.insert(invitations).values(invitation))).toBe('accepted');
  });

  it('refuses an outbox mail without an address and an idempotency key used twice by one user', async () => {
    expect(
      await outcome(
        database.db.insert(mailOutbox).values({ to: 'nobody', subject: 's', body: 'b', createdAt: later(0) }),
      ),
    ).toBe('mail_outbox_to_present');
    const key = {
      userId: school.teacherId,
      key: 'k-1',
      requestHash: 'h',
      responseStatus: 200,
      expiresAt: later(60_000),
    };
    expect(await outcome(database.db.insert(idempotencyKeys).values(key))).toBe('accepted');
    expect(await outcome(database.db.insert(idempotencyKeys).values(key))).toBe('idempotency_keys_pk');
    expect(
      await outcome(database.db.insert(idempotencyKeys).values({ ...key, key: 'k-2', responseStatus: 700 })),
    ).toBe('idempotency_keys_status_range');
  });
});
