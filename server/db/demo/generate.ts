import type { PgTable } from 'drizzle-orm/pg-core';
import { AttendanceStatus } from '../../../domain/attendance';
import { dayNumberToIsoDate } from '../../../domain/dates';
import { parseFormula } from '../../../domain/formula';
import { HighlightCompare, HighlightCondition, HighlightType } from '../../../domain/highlights';
import { LessonType, PlanPublish, PublishState } from '../../../domain/lessons';
import { YEAR_CODE_COLORS } from '../../../domain/master';
import { NotificationMessage, type NotificationParams } from '../../../domain/notifications';
import { RequestStatus } from '../../../domain/request-status';
import { AcceptReason, RequestOption, requestOptionMeaning } from '../../../domain/requests';
import { type AccountRole, Role } from '../../../domain/roles';
import { JlptLevel } from '../../../domain/schemas/people';
import { isRequestSticky, StickyStatus, StickyType } from '../../../domain/stickies';
import { achievementId, attendanceId, resultId } from '../../../domain/sync-ids';
import {
  achievements,
  attendances,
  classNames,
  classStudents,
  classTeachers,
  eventRankings,
  events,
  eventUniversities,
  examNames,
  faculties,
  guardianLinks,
  highlights,
  lessons,
  memoSchedules,
  memos,
  notes,
  notificationSettings,
  notifications,
  planNotes,
  plans,
  requests,
  results,
  rooms,
  schedules,
  scheduleTeachers,
  scoreNames,
  semesters,
  stickies,
  students,
  subjectClasses,
  subjectNames,
  subjectStudents,
  subjects,
  universities,
  users,
  userUniversities,
  yearCodes,
} from '../schema';
import type { SyncScope } from '../sequence';
import { GUARDIAN_WARDS, NAMED_ACCOUNTS } from './accounts';
import {
  ABSENCE_REASONS,
  CLASS_NAMES,
  FACULTY_NAMES,
  JAPANESE_FAMILY_NAMES,
  JAPANESE_GIVEN_NAMES,
  type NamePart,
  ROOM_NAMES,
  SCORE_COMMENTS,
  SUBJECT_NAMES,
  UNIVERSITY_NAMES,
  VIETNAMESE_FAMILY_NAMES,
  VIETNAMESE_GIVEN_NAMES,
  VIETNAMESE_MIDDLE_NAMES,
} from './names';
import { createRandom, type Random } from './random';

/** The rows of one table, in insertion order. */
export interface TableRows<T extends PgTable = PgTable> {
  table: T;
  /** The SQL name of the table, for the printed counts. */
  name: string;
  rows: T['$inferInsert'][];
}

/** What the generator needs besides the seed: nothing here reads a clock or the database. */
export interface DemoSchoolOptions {
  /** 1 is the `npm start` school (about 600 students); each step adds as much again. 0: accounts and master only. */
  scale: number;
  seed: number;
  /**
   * "Today" of the demo. The term is anchored on it (it started four weeks before this week), so every day
   * gives the same shape: a third of the term held, attendance and early scores entered up to today.
   */
  now: Date;
  /** Password hash of each named account, in `NAMED_ACCOUNTS` order. */
  accountHashes: readonly string[];
  /** One hash every generated account shares (hashing thousands of passwords would take minutes). */
  bulkHash: string;
  /** The change sequence each replicated row takes, per scope: the whole seed is one change. */
  seqs: Record<SyncScope, number>;
}

/** Students per scale step; 10 steps make the ~6,000-student benchmark school. */
export const STUDENTS_PER_SCALE = 600;
const TEACHERS_PER_UNIVERSITY = 15;
const SUBJECTS_PER_YEAR_CODE = 3;
/** Weeks of the demo term: one lesson or exam a week, then a spare week. */
const TERM_WEEKS = 13;
/** Whole weeks of the term before the current one: "today" always falls a third of the way in. */
const WEEKS_BEFORE_TODAY = 4;
/** The midterm comes after this many lessons. */
const MIDTERM_AFTER = 3;
const CLASSES_PER_SUBJECT = 2;
/**
 * The first class of a subject seats this share of its year code, the rest split evenly: at scale 1 the
 * demo teacher's first class then holds a full lecture of 42 students (the 40-student browser test).
 */
const FIRST_CLASS_SHARE = 0.7;
const LESSONS_PER_SUBJECT = 10;
const REQUESTS_PER_SCALE = 40;
const NOTIFICATIONS_PER_ACCOUNT = 12;
const PERIODS: readonly (readonly [string, string])[] = [
  ['09:00', '10:30'],
  ['10:40', '12:10'],
  ['13:00', '14:30'],
  ['14:40', '16:10'],
  ['16:20', '17:50'],
];
const FORMULA = '中間試験 * 0.4 + 期末試験 * 0.4 + レポート';
const DAY_MS = 86_400_000;

type Row<T extends PgTable> = T['$inferInsert'];

type Period = (typeof PERIODS)[number];
type Room = { id: string; name: string };

/**
 * The weekly slots (weekday and period) of the demo term's classes, with the rooms and teachers each holds:
 * a class takes the slot and room it drew when both are free for it, else the next free ones in week order,
 * so the demo never double-books (and draws no extra random numbers: the rest of the school stays the same).
 */
class WeeklySlots {
  private readonly taken = new Map<string, Set<string>>();

  book(
    period: Period,
    weekday: number,
    room: Room | undefined,
    rooms: readonly Room[],
    teacherIds: readonly string[],
  ): { period: Period; weekday: number; room: Room | undefined } {
    const slotCount = PERIODS.length * 5;
    const first = weekday * PERIODS.length + PERIODS.indexOf(period);
    const roomStart = room ? rooms.indexOf(room) : 0;
    for (let step = 0; step < slotCount; step += 1) {
      const slot = (first + step) % slotCount;
      const held = this.taken.get(String(slot)) ?? new Set<string>();
      if (teacherIds.some((id) => held.has(`teacher:${id}`))) continue;
      const free =
        rooms.length === 0
          ? undefined
          : rooms
              .map((_, offset) => rooms[(roomStart + offset) % rooms.length])
              .find((candidate) => candidate && !held.has(`room:${candidate.id}`));
      if (rooms.length > 0 && !free) continue;
      for (const id of teacherIds) held.add(`teacher:${id}`);
      if (free) held.add(`room:${free.id}`);
      this.taken.set(String(slot), held);
      const chosen = PERIODS[slot % PERIODS.length] ?? period;
      return { period: chosen, weekday: Math.floor(slot / PERIODS.length), room: free };
    }
    throw new Error('demo: no free weekly slot for a class');
  }
}

interface Semester {
  id: string;
  start: number;
  end: number;
}

interface ClassPlan {
  id: string;
  teacherIds: string[];
  studentIds: string[];
  classStudentIds: Map<string, string>;
  scheduleIds: string[];
  scheduleDays: number[];
  roomName: string;
}

/** The demo school as rows, table by table in an order that satisfies every foreign key. */
export function generateDemoSchool(options: DemoSchoolOptions): TableRows[] {
  const random = createRandom(options.seed);
  return new SchoolBuilder(random, options).build();
}

function isoDay(day: number): string {
  return dayNumberToIsoDate(day);
}

function personName(random: Random, vietnamese: boolean): { name: string; kana: string } {
  if (vietnamese) {
    const parts: NamePart[] = [
      random.pick(VIETNAMESE_FAMILY_NAMES),
      random.pick(VIETNAMESE_MIDDLE_NAMES),
      random.pick(VIETNAMESE_GIVEN_NAMES),
    ];
    return { name: parts.map((part) => part[0]).join(' '), kana: parts.map((part) => part[1]).join('・') };
  }
  const family = random.pick(JAPANESE_FAMILY_NAMES);
  const given = random.pick(JAPANESE_GIVEN_NAMES);
  return { name: `${family[0]} ${given[0]}`, kana: `${family[1]} ${given[1]}` };
}

class SchoolBuilder {
  private readonly tables: TableRows[] = [];
  private readonly today: number;
  private readonly stamp: { createdAt: Date; updatedAt: Date };

  constructor(
    private readonly random: Random,
    private readonly options: DemoSchoolOptions,
  ) {
    this.today = Math.floor(options.now.getTime() / DAY_MS);
    this.stamp = { createdAt: options.now, updatedAt: options.now };
  }

  private add<T extends PgTable>(table: T, name: string, rows: Row<T>[]): void {
    this.tables.push({ table, name, rows } as unknown as TableRows);
  }

  private seq(scope: SyncScope) {
    return { seq: this.options.seqs[scope], ...this.stamp };
  }

  private daysAgo(days: number): Date {
    return new Date(this.options.now.getTime() - days * DAY_MS);
  }

  build(): TableRows[] {
    const { random, options } = this;
    const scale = Math.max(0, Math.floor(options.scale));
    const master = this.seq('master');

    // Master data. Two universities per scale step (at least two), faculties alternating three and two.
    const universityCount = Math.max(2, 2 * scale);
    const universityRows: Row<typeof universities>[] = [];
    const facultyRows: Row<typeof faculties>[] = [];
    const yearCodeRows: (Row<typeof yearCodes> & { id: string; universityId: string })[] = [];
    const classNameRows: Row<typeof classNames>[] = [];
    const roomRows: (Row<typeof rooms> & { id: string })[] = [];
    const classNamesByUniversity = new Map<string, string[]>();
    const roomsByUniversity = new Map<string, { id: string; name: string }[]>();
    const academicYear = this.academicYear();
    for (let u = 0; u < universityCount; u += 1) {
      const campus = Math.floor(u / UNIVERSITY_NAMES.length);
      const base = UNIVERSITY_NAMES[u % UNIVERSITY_NAMES.length] ?? '大学';
      const universityId = random.uuid();
      universityRows.push({
        id: universityId,
        name: campus === 0 ? base : `${base} 第${campus + 1}キャンパス`,
        ...master,
      });
      const facultyNames = u % 2 === 0 ? FACULTY_NAMES.slice(0, 3) : FACULTY_NAMES.slice(3);
      facultyNames.forEach((facultyName, f) => {
        const facultyId = random.uuid();
        facultyRows.push({ id: facultyId, name: facultyName, universityId, ...master });
        const letter = String.fromCharCode(65 + f);
        for (const entryYear of [academicYear - 1, academicYear]) {
          yearCodeRows.push({
            id: random.uuid(),
            name: `${entryYear}${letter}`,
            color: YEAR_CODE_COLORS[yearCodeRows.length % YEAR_CODE_COLORS.length] ?? YEAR_CODE_COLORS[0],
            universityId,
            facultyId,
            ...master,
          });
        }
      });
      classNamesByUniversity.set(
        universityId,
        CLASS_NAMES.map((name) => {
          const id = random.uuid();
          classNameRows.push({ id, name, universityId, ...master });
          return id;
        }),
      );
      roomsByUniversity.set(
        universityId,
        ROOM_NAMES.map((name) => {
          const id = random.uuid();
          roomRows.push({ id, name, universityId, ...master });
          return { id, name };
        }),
      );
    }
    const subjectNameRows = SUBJECT_NAMES.map((name) => ({ id: random.uuid(), name, ...master }));
    const examNameRows = subjectNameRows.flatMap((subjectName) =>
      ['中間試験', '期末試験'].map((name) => ({
        id: random.uuid(),
        name,
        subjectNameId: subjectName.id,
        ...master,
      })),
    );
    const semesterList = this.semesters(academicYear);
    const semesterRows = semesterList.map((semester, index) => ({
      id: semester.id,
      name: `${academicYear}年度 ${index === 0 ? '前期' : '後期'}`,
      startDate: isoDay(semester.start),
      endDate: isoDay(semester.end),
      ...master,
    }));
    this.add(universities, 'universities', universityRows);
    this.add(faculties, 'faculties', facultyRows);
    this.add(yearCodes, 'year_codes', yearCodeRows);
    this.add(classNames, 'class_names', classNameRows);
    this.add(subjectNames, 'subject_names', subjectNameRows);
    this.add(examNames, 'exam_names', examNameRows);
    this.add(rooms, 'rooms', roomRows);
    this.add(semesters, 'semesters', semesterRows);

    // People: the named accounts first, then generated teachers and students.
    const people = this.seq('people');
    const userRows: Row<typeof users>[] = [];
    const studentRows: Row<typeof students>[] = [];
    const userUniversityRows: Row<typeof userUniversities>[] = [];
    const firstUniversity = universityRows[0]?.id ?? '';
    const secondUniversity = universityRows[1]?.id ?? '';
    const firstYearCode = yearCodeRows[0];
    if (!firstYearCode) throw new Error('demo: no year code');
    const named = new Map<string, string>();
    const studentUserOf = new Map<string, string>();
    const yearCodeStudents = new Map<string, string[]>(yearCodeRows.map((row) => [row.id, []]));
    let studentNumber = 0;
    const addStudent = (
      userId: string,
      universityId: string,
      facultyId: string,
      yearCodeId: string,
      vietnamese: boolean,
    ) => {
      studentNumber += 1;
      const studentId = random.uuid();
      studentRows.push({
        id: studentId,
        userId,
        identity: `S${academicYear}${String(studentNumber).padStart(5, '0')}`,
        universityId,
        facultyId,
        yearCodeId,
        jlpt: vietnamese && random.chance(0.8) ? random.pick(Object.values(JlptLevel)) : null,
        scholarship: random.chance(0.15),
        ...people,
      });
      studentUserOf.set(studentId, userId);
      yearCodeStudents.get(yearCodeId)?.push(studentId);
      return studentId;
    };
    // Guardians draw their ids from a stream of their own: adding them left every other row of the demo as it was.
    const guardianRandom = createRandom(options.seed + 1);
    NAMED_ACCOUNTS.forEach((account, index) => {
      const id = account.role === Role.guardian ? guardianRandom.uuid() : random.uuid();
      named.set(account.email, id);
      userRows.push({
        id,
        email: account.email,
        name: account.name,
        role: account.role,
        passwordHash: options.accountHashes[index] ?? options.bulkHash,
        mustChangePassword: account.mustChangePassword ?? false,
        ...people,
      });
      if (account.role === Role.student) {
        addStudent(
          id,
          firstUniversity,
          firstYearCode.facultyId ?? '',
          firstYearCode.id,
          // Names in Latin letters are the Vietnamese students (they get a JLPT level).
          /[A-Za-z]/.test(account.name),
        );
      }
    });
    const link = (userId: string, universityId: string) =>
      userUniversityRows.push({ id: random.uuid(), userId, universityId, ...people });
    const namedId = (email: string) => named.get(email) ?? '';
    for (const university of universityRows) link(namedId('admin@demo.test'), university.id ?? '');
    for (const email of ['teacher@demo.test', 'teacher2@demo.test', 'observer@demo.test'])
      link(namedId(email), firstUniversity);
    link(namedId('teacher3@demo.test'), secondUniversity);
    link(namedId('observer@demo.test'), secondUniversity);

    const teachersByUniversity = new Map<string, string[]>();
    const retiringTeachers = new Set<string>();
    let teacherNumber = 0;
    for (const university of universityRows) {
      const universityId = university.id ?? '';
      const ids: string[] = [];
      for (let t = 0; t < (scale === 0 ? 0 : TEACHERS_PER_UNIVERSITY); t += 1) {
        teacherNumber += 1;
        const id = random.uuid();
        const { name, kana } = personName(random, random.chance(0.3));
        userRows.push({
          id,
          email: `t${String(teacherNumber).padStart(5, '0')}@staff.demo.test`,
          name,
          nameKana: kana,
          role: Role.teacher,
          passwordHash: options.bulkHash,
          retireAt: t === TEACHERS_PER_UNIVERSITY - 1 ? isoDay(this.today + random.int(-60, 60)) : null,
          ...people,
        });
        link(id, universityId);
        if (t === TEACHERS_PER_UNIVERSITY - 1) retiringTeachers.add(id);
        ids.push(id);
      }
      teachersByUniversity.set(universityId, ids);
    }
    // Students fill each year code to an even share of the scale's total; the named ones sit in the first.
    const perYearCode = scale === 0 ? 0 : Math.round((STUDENTS_PER_SCALE * scale) / yearCodeRows.length);
    for (const yearCode of yearCodeRows) {
      const already = yearCodeStudents.get(yearCode.id)?.length ?? 0;
      for (let s = already; s < perYearCode; s += 1) {
        const id = random.uuid();
        const vietnamese = random.chance(0.6);
        const { name, kana } = personName(random, vietnamese);
        userRows.push({
          id,
          email: `s${academicYear}${String(studentNumber + 1).padStart(5, '0')}@students.demo.test`,
          name,
          nameKana: kana,
          role: Role.student,
          passwordHash: options.bulkHash,
          phone: random.chance(0.5) ? `080${String(random.int(0, 99_999_999)).padStart(8, '0')}` : null,
          ...people,
        });
        addStudent(id, yearCode.universityId, yearCode.facultyId ?? '', yearCode.id, vietnamese);
      }
    }
    this.add(users, 'users', userRows);
    this.add(students, 'students', studentRows);
    this.add(userUniversities, 'user_universities', userUniversityRows);
    const studentOfUser = new Map([...studentUserOf].map(([studentId, userId]) => [userId, studentId]));
    this.add(
      guardianLinks,
      'guardian_links',
      Object.entries(GUARDIAN_WARDS).flatMap(([guardian, wards]) =>
        wards.map((ward) => ({
          id: guardianRandom.uuid(),
          guardianId: namedId(guardian),
          studentId: studentOfUser.get(namedId(ward)) ?? '',
          createdAt: options.now,
        })),
      ),
    );

    if (scale > 0) {
      this.buildTerm({
        yearCodeRows,
        yearCodeStudents,
        studentUserOf,
        classNamesByUniversity,
        roomsByUniversity,
        teachersByUniversity,
        retiringTeachers,
        subjectNameRows,
        examNameRows,
        semester: this.currentSemester(semesterList),
        namedId,
        scale,
      });
    }
    return this.tables;
  }

  private academicYear(): number {
    const date = this.options.now;
    // The Japanese school year starts in April.
    return date.getUTCMonth() >= 3 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  }

  private semesters(year: number): Semester[] {
    const day = (y: number, month: number, d: number) => Date.UTC(y, month - 1, d) / DAY_MS;
    return [
      { id: this.random.uuid(), start: day(year, 4, 1), end: day(year, 9, 30) },
      { id: this.random.uuid(), start: day(year, 10, 1), end: day(year + 1, 3, 31) },
    ];
  }

  private currentSemester(list: Semester[]): Semester {
    const found = list.find((semester) => semester.start <= this.today && this.today <= semester.end);
    const fallback = list[0];
    if (!fallback) throw new Error('demo: no semester');
    return found ?? fallback;
  }

  private buildTerm(context: TermContext): void {
    const { random } = this;
    const subjectsSeq = this.seq('subjects');
    const attendanceSeq = this.seq('attendance');
    const achievementsSeq = this.seq('achievements');
    const notesSeq = this.seq('notes');
    const rows = {
      subjects: [] as Row<typeof subjects>[],
      classes: [] as Row<typeof subjectClasses>[],
      classTeachers: [] as Row<typeof classTeachers>[],
      subjectStudents: [] as Row<typeof subjectStudents>[],
      classStudents: [] as Row<typeof classStudents>[],
      lessons: [] as Row<typeof lessons>[],
      schedules: [] as Row<typeof schedules>[],
      scheduleTeachers: [] as Row<typeof scheduleTeachers>[],
      scoreNames: [] as Row<typeof scoreNames>[],
      highlights: [] as Row<typeof highlights>[],
      achievements: [] as Row<typeof achievements>[],
      results: [] as Row<typeof results>[],
      attendances: [] as Row<typeof attendances>[],
      plans: [] as Row<typeof plans>[],
      planNotes: [] as Row<typeof planNotes>[],
      notes: [] as Row<typeof notes>[],
      memos: [] as Row<typeof memos>[],
      memoSchedules: [] as Row<typeof memoSchedules>[],
    };
    const { semester, namedId } = context;
    // Day numbers count from 1970-01-01, a Thursday: `(day + 3) % 7` is 0 on Mondays.
    const termStart = this.today - ((this.today + 3) % 7) - WEEKS_BEFORE_TODAY * 7;
    const termEnd = termStart + TERM_WEEKS * 7 - 1;
    const slots = LESSONS_PER_SUBJECT + 2;
    const formula = parseFormula(FORMULA);
    if (!formula.ok) throw new Error('demo: formula does not parse');
    const demoTeacher = namedId('teacher@demo.test');
    const teacher2 = namedId('teacher2@demo.test');
    const teacher3 = namedId('teacher3@demo.test');
    const subjectRefs: SubjectRef[] = [];
    const firstUniversity = context.yearCodeRows[0]?.universityId;
    const teacher3YearCode = context.yearCodeRows.find((row) => row.universityId !== firstUniversity)?.id;

    // Every class meets in one weekly slot all term: the slots are handed out so that no room or teacher is
    // in two classes at once, which the lesson form's clash check would refuse on an unchanged save.
    const weekly = new WeeklySlots();

    context.yearCodeRows.forEach((yearCode, yearCodeIndex) => {
      const universityId = yearCode.universityId;
      const classNameIds = context.classNamesByUniversity.get(universityId) ?? [];
      const universityRooms = context.roomsByUniversity.get(universityId) ?? [];
      const universityTeachers = context.teachersByUniversity.get(universityId) ?? [];
      const yearStudents = context.yearCodeStudents.get(yearCode.id) ?? [];
      for (let k = 0; k < SUBJECTS_PER_YEAR_CODE; k += 1) {
        const subjectName = context.subjectNameRows[(yearCodeIndex + k) % context.subjectNameRows.length];
        if (!subjectName) continue;
        const subjectId = random.uuid();
        const partition = { subjectId, universityId, ...subjectsSeq };
        rows.subjects.push({
          id: subjectId,
          subjectNameId: subjectName.id,
          universityId,
          facultyId: yearCode.facultyId,
          yearCodeId: yearCode.id,
          semesterId: semester.id,
          startDate: isoDay(termStart),
          endDate: isoDay(termEnd),
          formula: FORMULA,
          teacherAllowUpdateFinalScore: k % 2 === 0,
          publish: PublishState.published,
          ...subjectsSeq,
        });
        // Lessons in term order, the midterm after the fifth and the final last.
        const examIds = context.examNameRows.filter((exam) => exam.subjectNameId === subjectName.id);
        const lessonSlots: { id: string; type: LessonType; name: string; slot: number }[] = [];
        let slot = 0;
        for (let l = 1; l <= LESSONS_PER_SUBJECT; l += 1) {
          lessonSlots.push({ id: random.uuid(), type: LessonType.lesson, name: `第${l}回`, slot });
          slot += 1;
          if (l === MIDTERM_AFTER) {
            lessonSlots.push({ id: random.uuid(), type: LessonType.exam, name: '中間試験', slot });
            slot += 1;
          }
        }
        lessonSlots.push({ id: random.uuid(), type: LessonType.exam, name: '期末試験', slot });
        for (const lesson of lessonSlots) {
          const isExam = lesson.type === LessonType.exam;
          rows.lessons.push({
            id: lesson.id,
            ...partition,
            name: lesson.name,
            type: lesson.type,
            // The last lesson is still a draft, so the lessons-draft tab has something.
            publish: lesson.slot === slots - 2 ? PublishState.draft : PublishState.published,
            tableOfContents: isExam ? null : `${subjectName.name} 第${lesson.slot + 1}章`,
            overview: isExam ? '筆記試験を行います。' : '前回の復習と新しい単元の導入。',
            minutes: 90,
            examNameId: isExam ? (examIds[lesson.name === '中間試験' ? 0 : 1]?.id ?? null) : null,
          });
        }
        const midterm = lessonSlots.find((lesson) => lesson.name === '中間試験');
        const final = lessonSlots.at(-1);
        // Score names: the midterm with two parts, the final, a report and a bonus.
        const quiz1 = lessonSlots[1];
        const quiz2 = lessonSlots[LESSONS_PER_SUBJECT - 1];
        // The midterm is split into parts in one subject of three, so sub-scores are shown without tripling rows.
        const withParts = k === 0;
        const scoreIds = {
          quiz1: random.uuid(),
          quiz2: random.uuid(),
          midterm: random.uuid(),
          written: random.uuid(),
          listening: random.uuid(),
          final: random.uuid(),
          report: random.uuid(),
          bonus: random.uuid(),
        };
        const scoreDefs = [
          {
            id: scoreIds.quiz1,
            name: '小テスト1',
            full: 10,
            lessonId: quiz1?.id ?? null,
            parentId: null,
            plus: false,
          },
          {
            id: scoreIds.quiz2,
            name: '小テスト2',
            full: 10,
            lessonId: quiz2?.id ?? null,
            parentId: null,
            plus: false,
          },
          {
            id: scoreIds.midterm,
            name: '中間試験',
            full: 100,
            lessonId: midterm?.id ?? null,
            parentId: null,
            plus: false,
          },
          {
            id: scoreIds.written,
            name: '筆記',
            full: 70,
            lessonId: midterm?.id ?? null,
            parentId: scoreIds.midterm,
            plus: false,
          },
          {
            id: scoreIds.listening,
            name: '聴解',
            full: 30,
            lessonId: midterm?.id ?? null,
            parentId: scoreIds.midterm,
            plus: false,
          },
          {
            id: scoreIds.final,
            name: '期末試験',
            full: 100,
            lessonId: final?.id ?? null,
            parentId: null,
            plus: false,
          },
          { id: scoreIds.report, name: 'レポート', full: 20, lessonId: null, parentId: null, plus: false },
          { id: scoreIds.bonus, name: '加点', full: 10, lessonId: null, parentId: null, plus: true },
        ];
        const parts = new Set([scoreIds.written, scoreIds.listening]);
        scoreDefs
          .filter((score) => withParts || !parts.has(score.id))
          .forEach((score, position) => {
            rows.scoreNames.push({
              id: score.id,
              ...partition,
              lessonId: score.lessonId,
              parentId: score.parentId,
              name: score.name,
              fullScore: score.full,
              optionPlus: score.plus,
              position,
            });
          });
        const highlightIds = { attendance: random.uuid(), achievement: random.uuid() };
        rows.highlights.push(
          {
            id: highlightIds.attendance,
            ...partition,
            type: HighlightType.attendance,
            conditionType: HighlightCondition.unexplainedAbsence,
            compareType: HighlightCompare.above,
            value: 2,
            messageToStudent: '無断欠席が続いています。担任の先生に相談してください。',
            priority: 0,
          },
          {
            id: random.uuid(),
            ...partition,
            type: HighlightType.attendance,
            conditionType: HighlightCondition.late,
            compareType: HighlightCompare.above,
            value: 3,
            messageToStudent: '遅刻が多くなっています。',
            priority: 1,
          },
          {
            id: highlightIds.achievement,
            ...partition,
            type: HighlightType.achievement,
            conditionType: HighlightCondition.gpa,
            compareType: HighlightCompare.lessThan,
            value: 2,
            messageToStudent: '成績が基準を下回っています。補習を受けてください。',
            priority: 2,
          },
          {
            id: random.uuid(),
            ...partition,
            type: HighlightType.attendance,
            conditionType: HighlightCondition.missing,
            compareType: HighlightCompare.moreThan,
            value: 5,
            messageToStudent: null,
            priority: 3,
            hidden: true,
          },
        );

        const classes: ClassPlan[] = [];
        const firstShare = Math.ceil(yearStudents.length * FIRST_CLASS_SHARE);
        const share = Math.ceil((yearStudents.length - firstShare) / (CLASSES_PER_SUBJECT - 1));
        const seatsBefore = (c: number) => (c === 0 ? 0 : firstShare + (c - 1) * share);
        for (let c = 0; c < CLASSES_PER_SUBJECT; c += 1) {
          const classId = random.uuid();
          rows.classes.push({ id: classId, ...partition, classNameId: classNameIds[c] ?? '' });
          // A retiring teacher's place goes to the next teacher on staff: a sitting after their last day would
          // be refused on an unchanged save (teacher_retired). No extra draw: the rest of the school stays.
          const teacherIds = [
            ...new Set(
              random
                .sample(universityTeachers, random.int(1, 2))
                .map((id) =>
                  context.retiringTeachers.has(id)
                    ? (universityTeachers.find((other) => !context.retiringTeachers.has(other)) ?? id)
                    : id,
                ),
            ),
          ];
          // The demo teachers teach in the first university's first two year codes.
          if (yearCodeIndex < 2 && c === 0 && !teacherIds.includes(demoTeacher))
            teacherIds.unshift(demoTeacher);
          if (yearCodeIndex === 0 && c === 1) teacherIds.unshift(teacher2);
          if (yearCode.id === teacher3YearCode && c === 0) teacherIds.unshift(teacher3);
          for (const teacherId of teacherIds) {
            rows.classTeachers.push({ id: random.uuid(), ...partition, classId, teacherId });
          }
          const { period, weekday, room } = weekly.book(
            random.pick(PERIODS),
            random.int(0, 4),
            random.pick(universityRooms),
            universityRooms,
            teacherIds,
          );
          const plan: ClassPlan = {
            id: classId,
            teacherIds,
            studentIds: yearStudents.slice(seatsBefore(c), seatsBefore(c + 1)),
            classStudentIds: new Map(),
            scheduleIds: [],
            scheduleDays: [],
            roomName: room?.name ?? '',
          };
          for (const lesson of lessonSlots) {
            const scheduleId = random.uuid();
            const day = termStart + lesson.slot * 7 + weekday;
            rows.schedules.push({
              id: scheduleId,
              ...partition,
              lessonId: lesson.id,
              classId,
              day: isoDay(day),
              startTime: period[0],
              endTime: period[1],
              roomId: room?.id ?? null,
            });
            for (const teacherId of teacherIds) {
              rows.scheduleTeachers.push({ id: random.uuid(), ...partition, scheduleId, teacherId });
            }
            plan.scheduleIds.push(scheduleId);
            plan.scheduleDays.push(day);
            this.addPlan(rows, partition, notesSeq, lesson, scheduleId, day, teacherIds[0] ?? demoTeacher);
          }
          classes.push(plan);
        }

        // Enrolments, attendance and scores of every student of the year code.
        for (const plan of classes) {
          const lastPast = plan.scheduleDays.filter((day) => day < this.today).length - 1;
          const lastPastUnentered = random.chance(0.5);
          for (const studentId of plan.studentIds) {
            const subjectStudentId = random.uuid();
            const classStudentId = random.uuid();
            plan.classStudentIds.set(studentId, classStudentId);
            rows.subjectStudents.push({ id: subjectStudentId, ...partition, studentId });
            rows.classStudents.push({
              id: classStudentId,
              ...partition,
              classId: plan.id,
              studentId,
              subjectStudentId,
            });
            plan.scheduleDays.forEach((day, index) => {
              if (day >= this.today) return;
              if (index === lastPast && lastPastUnentered) return;
              if (random.chance(0.03)) return;
              rows.attendances.push(
                this.attendance(
                  partition,
                  attendanceSeq,
                  classStudentId,
                  studentId,
                  plan.scheduleIds[index] ?? '',
                ),
              );
            });
            const entered = this.scores(
              rows.achievements,
              { ...partition, ...achievementsSeq },
              subjectStudentId,
              studentId,
              scoreIds,
              {
                quiz1: quiz1 ? plan.scheduleDays[quiz1.slot] : undefined,
                quiz2: quiz2 ? plan.scheduleDays[quiz2.slot] : undefined,
                quiz1Schedule: quiz1 ? plan.scheduleIds[quiz1.slot] : undefined,
                quiz2Schedule: quiz2 ? plan.scheduleIds[quiz2.slot] : undefined,
                midterm: midterm ? plan.scheduleDays[midterm.slot] : undefined,
                final: final ? plan.scheduleDays[final.slot] : undefined,
                midtermSchedule: midterm ? plan.scheduleIds[midterm.slot] : undefined,
                finalSchedule: final ? plan.scheduleIds[final.slot] : undefined,
                reportsFrom: termStart + (termEnd - termStart) * 0.75,
                withParts,
              },
            );
            if (entered.length === 0) continue;
            // No final score is set by hand in the demo: the formula gives it (`finalScore` null).
            rows.results.push({
              id: resultId(subjectStudentId),
              ...partition,
              ...achievementsSeq,
              subjectStudentId,
              studentId,
              finalScore: null,
              formula: FORMULA,
            });
          }
        }

        // A memo and a student-contact note by the first class's teacher.
        const firstClass = classes[0];
        const author = firstClass?.teacherIds[0] ?? demoTeacher;
        const memoId = random.uuid();
        rows.memos.push({
          id: memoId,
          ...partition,
          ...notesSeq,
          message: MEMO_MESSAGE,
          contactToHeadTeacher: random.chance(0.3),
          authorId: author,
        });
        for (const scheduleId of (firstClass?.scheduleIds ?? []).slice(0, 2)) {
          rows.memoSchedules.push({ id: random.uuid(), ...partition, ...notesSeq, memoId, scheduleId });
        }
        const contacted = firstClass?.studentIds[0];
        if (contacted) {
          rows.notes.push({
            id: random.uuid(),
            ...partition,
            ...notesSeq,
            studentId: contacted,
            lessonId: lessonSlots[0]?.id ?? null,
            content: '欠席が続いているため、本人に連絡しました。',
            authorId: author,
          });
        }
        subjectRefs.push({
          id: subjectId,
          universityId,
          yearCodeId: yearCode.id,
          classes,
          lessons: lessonSlots,
          scoreIds,
          highlightIds,
          memoId,
        });
      }
    });

    this.add(subjects, 'subjects', rows.subjects);
    this.add(subjectClasses, 'subject_classes', rows.classes);
    this.add(classTeachers, 'class_teachers', rows.classTeachers);
    this.add(subjectStudents, 'subject_students', rows.subjectStudents);
    this.add(classStudents, 'class_students', rows.classStudents);
    this.add(lessons, 'lessons', rows.lessons);
    this.add(schedules, 'schedules', rows.schedules);
    this.add(scheduleTeachers, 'schedule_teachers', rows.scheduleTeachers);
    this.add(scoreNames, 'score_names', rows.scoreNames);
    this.add(highlights, 'highlights', rows.highlights);
    this.add(achievements, 'achievements', rows.achievements);
    this.add(results, 'results', rows.results);
    this.add(attendances, 'attendances', rows.attendances);
    this.add(plans, 'plans', rows.plans);
    this.add(planNotes, 'plan_notes', rows.planNotes);
    this.add(notes, 'notes', rows.notes);
    this.add(memos, 'memos', rows.memos);
    this.add(memoSchedules, 'memo_schedules', rows.memoSchedules);

    const requestRows = this.requests(subjectRefs, context);
    this.add(requests, 'requests', requestRows);
    this.dashboards(subjectRefs, requestRows, context);
    this.events(context);
  }

  private addPlan(
    rows: { plans: Row<typeof plans>[]; planNotes: Row<typeof planNotes>[] },
    partition: { subjectId: string; universityId: string },
    notesSeq: { seq: number; createdAt: Date; updatedAt: Date },
    lesson: { id: string; type: LessonType },
    scheduleId: string,
    day: number,
    authorId: string,
  ): void {
    const { random } = this;
    const past = day < this.today;
    const soon = !past && day - this.today <= 14;
    let publish: PlanPublish | null = null;
    const roll = random.next();
    if (past) publish = roll < 0.75 ? PlanPublish.published : roll < 0.85 ? PlanPublish.draft : null;
    else if (soon) publish = roll < 0.2 ? PlanPublish.published : roll < 0.6 ? PlanPublish.draft : null;
    if (publish === null) return;
    const planId = random.uuid();
    rows.plans.push({
      id: planId,
      ...partition,
      ...notesSeq,
      lessonId: lesson.id,
      scheduleId,
      publish,
      lessonType: lesson.type,
      content:
        lesson.type === LessonType.exam
          ? '試験範囲: 第1回〜前回までの内容。辞書の持ち込みは不可。'
          : '前回の復習 (15分)、新出語彙の導入、グループ練習、まとめの小テスト。',
      links: random.chance(0.5) ? [{ title: '教材', link: 'https://example.com/materials' }] : [],
      contactToStudent: random.chance(0.2) ? [{ url: 'https://example.com/contact' }] : [],
      authorId,
    });
    if (random.chance(0.15)) {
      rows.planNotes.push({
        id: random.uuid(),
        ...partition,
        ...notesSeq,
        lessonId: lesson.id,
        scheduleId,
        planId,
        content: '進度が遅れているため、次回で調整します。',
        authorId,
      });
    }
  }

  private attendance(
    partition: { subjectId: string; universityId: string },
    seq: { seq: number; createdAt: Date; updatedAt: Date },
    classStudentId: string,
    studentId: string,
    scheduleId: string,
  ): Row<typeof attendances> {
    const { random } = this;
    const roll = random.next();
    const status =
      roll < 0.85
        ? AttendanceStatus.present
        : roll < 0.91
          ? AttendanceStatus.late
          : roll < 0.96
            ? AttendanceStatus.absent
            : AttendanceStatus.unexplainedAbsence;
    return {
      // The natural id a client computes for the same mark (ARCHITECTURE §3), so edits made on a device
      // update the seeded row instead of colliding with it.
      id: attendanceId(classStudentId, scheduleId),
      ...partition,
      ...seq,
      classStudentId,
      studentId,
      scheduleId,
      status,
      lateMinutes: status === AttendanceStatus.late ? random.int(1, 6) * 5 : null,
      absenceReasons: status === AttendanceStatus.absent ? random.pick(ABSENCE_REASONS) : null,
      comment: random.chance(0.02) ? '授業中の態度が良好でした' : null,
    };
  }

  /** Enters the scores the term has reached; returns them for the GPA and formula. */
  private scores(
    out: Row<typeof achievements>[],
    partition: { subjectId: string; universityId: string; seq: number; createdAt: Date; updatedAt: Date },
    subjectStudentId: string,
    studentId: string,
    ids: ScoreIds,
    when: {
      quiz1: number | undefined;
      quiz2: number | undefined;
      quiz1Schedule: string | undefined;
      quiz2Schedule: string | undefined;
      midterm: number | undefined;
      final: number | undefined;
      midtermSchedule: string | undefined;
      finalSchedule: string | undefined;
      reportsFrom: number;
      withParts: boolean;
    },
  ): EnteredScore[] {
    const { random } = this;
    const entered: EnteredScore[] = [];
    const put = (
      scoreNameId: string,
      name: string,
      full: number,
      points: number,
      parentId: string | null,
      plus: boolean,
      scheduleId: string | null,
    ) => {
      out.push({
        id: achievementId(subjectStudentId, scoreNameId),
        ...partition,
        subjectStudentId,
        studentId,
        scoreNameId,
        fullScore: full,
        scheduleId,
        points,
        comment: random.chance(0.05) ? random.pick(SCORE_COMMENTS) : null,
      });
      entered.push({ name, points, full_score: full, option_plus: plus, parent_id: parentId });
    };
    const taken = (day: number | undefined) => day !== undefined && day < this.today && random.chance(0.95);
    if (taken(when.quiz1))
      put(ids.quiz1, '小テスト1', 10, random.int(2, 20) / 2, null, false, when.quiz1Schedule ?? null);
    if (taken(when.quiz2))
      put(ids.quiz2, '小テスト2', 10, random.int(2, 20) / 2, null, false, when.quiz2Schedule ?? null);
    if (taken(when.midterm)) {
      const written = random.int(25, 70);
      const listening = random.int(8, 30);
      const schedule = when.midtermSchedule ?? null;
      if (when.withParts) {
        put(ids.written, '筆記', 70, written, ids.midterm, false, schedule);
        put(ids.listening, '聴解', 30, listening, ids.midterm, false, schedule);
      }
      put(ids.midterm, '中間試験', 100, written + listening, null, false, schedule);
    }
    if (taken(when.final))
      put(ids.final, '期末試験', 100, random.int(35, 100), null, false, when.finalSchedule ?? null);
    if (this.today > when.reportsFrom && random.chance(0.8)) {
      put(ids.report, 'レポート', 20, random.int(6, 40) / 2, null, false, null);
    }
    if (entered.length > 0 && random.chance(0.2))
      put(ids.bonus, '加点', 10, random.int(1, 10), null, true, null);
    return entered;
  }

  private requests(subjectRefs: SubjectRef[], context: TermContext): Row<typeof requests>[] {
    const { random } = this;
    const seq = this.seq('requests');
    const options = Object.values(RequestOption);
    const statuses = [
      RequestStatus.requesting,
      RequestStatus.accepted,
      RequestStatus.rejected,
      RequestStatus.cancelled,
    ];
    const out: Row<typeof requests>[] = [];
    const demoStudentUser = context.namedId('student@demo.test');
    const demoStudent = [...context.studentUserOf].find(([, userId]) => userId === demoStudentUser)?.[0];
    const make = (subject: SubjectRef, studentId: string, index: number) => {
      const plan = subject.classes.find((entry) => entry.classStudentIds.has(studentId));
      if (!plan) return;
      const option = options[index % options.length] ?? RequestOption.other;
      const status =
        statuses[Math.floor(index / options.length + index) % statuses.length] ?? RequestStatus.requesting;
      const meaning = requestOptionMeaning(option);
      const attendanceType = meaning.attendanceKind !== null || meaning.confirmKind !== null;
      // Notices are about a coming schedule, confirmations about one that took place.
      const candidates = plan.scheduleDays
        .map((day, position) => ({ day, id: plan.scheduleIds[position] ?? '' }))
        .filter((entry) =>
          meaning.attendanceKind !== null ? entry.day >= this.today : entry.day < this.today,
        );
      const schedule = candidates.length > 0 ? random.pick(candidates) : undefined;
      if (attendanceType && !schedule) return;
      const late = option === RequestOption.late || option === RequestOption.lateConfirm;
      const decided = status !== RequestStatus.requesting;
      const createdAt = this.daysAgo(random.int(1, 20));
      out.push({
        id: random.uuid(),
        subjectId: subject.id,
        universityId: subject.universityId,
        ...seq,
        createdAt,
        studentId,
        classId: plan.id,
        scheduleId: attendanceType ? (schedule?.id ?? null) : null,
        scoreNameId: option === RequestOption.achievementConfirm ? subject.scoreIds.midterm : null,
        type: meaning.type,
        status,
        option,
        attendanceKind: meaning.attendanceKind,
        confirmKind: meaning.confirmKind,
        acceptReason: status === RequestStatus.accepted ? random.pick(Object.values(AcceptReason)) : null,
        lateMinutes: late ? random.int(1, 6) * 5 : null,
        content: REQUEST_TEXTS[option],
        decidedBy:
          status === RequestStatus.accepted || status === RequestStatus.rejected
            ? (plan.teacherIds[0] ?? null)
            : null,
        decidedAt: decided ? this.daysAgo(random.int(0, 1) / 2) : null,
      });
    };
    const demoSubjects = subjectRefs.filter((subject) =>
      subject.classes.some((plan) => demoStudent !== undefined && plan.classStudentIds.has(demoStudent)),
    );
    // The demo student has one request of every option, their statuses cycling through all four.
    options.forEach((_, index) => {
      const subject = demoSubjects[index % Math.max(1, demoSubjects.length)];
      if (subject && demoStudent) make(subject, demoStudent, index);
    });
    for (let index = 0; index < REQUESTS_PER_SCALE * context.scale; index += 1) {
      const subject = random.pick(subjectRefs);
      const plan = random.pick(subject.classes);
      const studentId = plan.studentIds.length > 0 ? random.pick(plan.studentIds) : undefined;
      if (studentId) make(subject, studentId, index);
    }
    return out;
  }

  private dashboards(
    subjectRefs: SubjectRef[],
    requestRows: Row<typeof requests>[],
    context: TermContext,
  ): void {
    const { random } = this;
    const stickySeq = this.seq('stickies');
    const notificationSeq = this.seq('notifications');
    const stickyRows: Row<typeof stickies>[] = [];
    const notificationRows: Row<typeof notifications>[] = [];
    const settingRows: Row<typeof notificationSettings>[] = [];
    const yearCodeOf = new Map(subjectRefs.map((subject) => [subject.id, subject.yearCodeId]));
    const about = this.requestAbout();
    const staffCards: StickyType[] = [
      StickyType.subject,
      StickyType.lessonNotPlan,
      StickyType.examNotPlan,
      StickyType.lessonAttendance,
      StickyType.lessonAchievement,
      StickyType.lessonNotePlan,
      StickyType.memo,
      StickyType.request,
      StickyType.attendance,
      StickyType.achievement,
      StickyType.highlightAttendance,
      StickyType.highlightAchievement,
      StickyType.stickyRequest,
    ];
    const cardsFor: Record<AccountRole, StickyType[]> = {
      [Role.admin]: staffCards,
      [Role.teacher]: staffCards,
      [Role.observer]: [
        StickyType.attendance,
        StickyType.achievement,
        StickyType.subject,
        StickyType.highlightAttendance,
      ],
      [Role.student]: [StickyType.highlightAttendance, StickyType.highlightAchievement],
      [Role.superAdmin]: [],
      [Role.guardian]: [],
    };
    for (const account of NAMED_ACCOUNTS.slice(0, 5)) {
      const userId = context.namedId(account.email);
      const studentId = [...context.studentUserOf].find(([, user]) => user === userId)?.[0];
      const mine = subjectRefs.filter((subject) =>
        subject.classes.some((plan) =>
          account.role === Role.student
            ? studentId !== undefined && plan.classStudentIds.has(studentId)
            : account.role === Role.teacher
              ? plan.teacherIds.includes(userId)
              : true,
        ),
      );
      // A request card stands for one request waiting on this account, in its subject and class (issue 42:
      // the admin's cards named a subject without one, a card with no text and nowhere to go).
      const mineIds = new Set(mine.map((subject) => subject.id));
      const waiting = requestRows.filter(
        (row) => row.status === RequestStatus.requesting && mineIds.has(row.subjectId),
      );
      cardsFor[account.role].forEach((type, index) => {
        const request = isRequestSticky(type) ? waiting[index % Math.max(1, waiting.length)] : undefined;
        const subject = request
          ? subjectRefs.find((entry) => entry.id === request.subjectId)
          : mine[index % Math.max(1, mine.length)];
        if (!subject) return;
        const plan = subject.classes.find((entry) => entry.id === request?.classId) ?? subject.classes[0];
        const lesson =
          subject.lessons[
            type === StickyType.examNotPlan ? subject.lessons.length - 1 : index % subject.lessons.length
          ];
        const withHighlight =
          type === StickyType.highlightAttendance || type === StickyType.highlightAchievement;
        stickyRows.push({
          id: random.uuid(),
          ...stickySeq,
          userId,
          type,
          // A couple of closed cards, so the dashboard's paging and the history both have something.
          status: index >= 10 ? StickyStatus.closed : StickyStatus.open,
          // Only text a user wrote (the memo, the request): the app words every other card by its type.
          content:
            type === StickyType.memo
              ? MEMO_MESSAGE
              : isRequestSticky(type)
                ? (request?.content ?? null)
                : null,
          universityId: subject.universityId,
          subjectId: subject.id,
          yearCodeId: yearCodeOf.get(subject.id) ?? null,
          lessonId: lesson?.id ?? null,
          classId: plan?.id ?? null,
          scheduleId: plan?.scheduleIds[lesson?.slot ?? 0] ?? null,
          highlightId: withHighlight
            ? type === StickyType.highlightAttendance
              ? subject.highlightIds.attendance
              : subject.highlightIds.achievement
            : null,
          memoId: type === StickyType.memo ? subject.memoId : null,
          requestId: request?.id ?? null,
          studentId: account.role === Role.student ? (studentId ?? null) : (request?.studentId ?? null),
        });
      });
      // A request notification names its request and links it, as the server's are: a waiting one for staff,
      // the student's own decided ones for the student (issue 42).
      const ownDecided = (status: RequestStatus) =>
        requestRows.filter((row) => row.status === status && row.studentId === studentId);
      const requestFor = (message: NotificationMessage, n: number) => {
        const pool =
          message === NotificationMessage.requestCreated
            ? waiting
            : message === NotificationMessage.requestApproved
              ? ownDecided(RequestStatus.accepted)
              : message === NotificationMessage.requestRejected
                ? ownDecided(RequestStatus.rejected)
                : [];
        return pool[n % Math.max(1, pool.length)];
      };
      for (let n = 0; n < NOTIFICATIONS_PER_ACCOUNT; n += 1) {
        const kinds = NOTIFICATIONS_OF[account.role === Role.student ? 'student' : 'staff'];
        const text = kinds[n % kinds.length];
        if (!text) continue;
        const createdAt = this.daysAgo(n * 1.5 + random.next());
        const request = requestFor(text.message, n);
        notificationRows.push({
          id: random.uuid(),
          ...notificationSeq,
          createdAt,
          updatedAt: createdAt,
          userId,
          message: text.message,
          url: request ? `/requests/${request.id}` : text.url,
          params: request ? about(request) : null,
          readAt: n >= 4 ? createdAt : null,
        });
      }
      settingRows.push({ userId, web: true, mail: account.role !== Role.superAdmin });
    }
    this.add(stickies, 'stickies', stickyRows);
    this.add(notifications, 'notifications', notificationRows);
    this.add(notificationSettings, 'notification_settings', settingRows);
  }

  /**
   * What a demo request's notifications say it is about, read from the rows made so far: its student, subject,
   * class, option and the day of its sitting (the server's `requestEventNotifications` reads the same).
   */
  private requestAbout(): (request: Row<typeof requests>) => NotificationParams {
    const byId = (name: string) =>
      new Map(
        (this.tables.find((table) => table.name === name)?.rows ?? []).map((row) => {
          const fields = row as Record<string, unknown>;
          return [String(fields.id), fields];
        }),
      );
    const [
      usersById,
      studentsById,
      subjectsById,
      subjectNamesById,
      classesById,
      classNamesById,
      schedulesById,
    ] = ['users', 'students', 'subjects', 'subject_names', 'subject_classes', 'class_names', 'schedules'].map(
      byId,
    );
    const field = (rows: Map<string, Record<string, unknown>> | undefined, id: unknown, name: string) => {
      const value = rows?.get(String(id))?.[name];
      return typeof value === 'string' ? value : null;
    };
    return (request) => ({
      studentName: field(usersById, field(studentsById, request.studentId, 'userId'), 'name'),
      subjectName: field(subjectNamesById, field(subjectsById, request.subjectId, 'subjectNameId'), 'name'),
      className: field(classNamesById, field(classesById, request.classId, 'classNameId'), 'name'),
      requestOption: request.option as RequestOption,
      day: request.scheduleId ? field(schedulesById, request.scheduleId, 'day') : null,
    });
  }

  private events(context: TermContext): void {
    const { random } = this;
    const eventRows: Row<typeof events>[] = [];
    const eventUniversityRows: Row<typeof eventUniversities>[] = [];
    const rankingRows: Row<typeof eventRankings>[] = [];
    const universityIds = [...new Set(context.yearCodeRows.map((row) => row.universityId))].slice(0, 2);
    const studentUsers = [...context.studentUserOf.values()];
    const plans = [
      { name: '秋のプログラミングコンテスト', from: -40, to: -33 },
      { name: 'アルゴリズム月例チャレンジ', from: -3, to: 4 },
      { name: '新春ハッカソン', from: 30, to: 32 },
    ];
    for (const plan of plans) {
      const id = random.uuid();
      eventRows.push({
        id,
        name: plan.name,
        startTime: this.daysAgo(-plan.from),
        endTime: this.daysAgo(-plan.to),
        description: '学内ランキングに参加して腕試しをしましょう。',
        url: 'https://example.com/events',
        createdBy: context.namedId('admin@demo.test'),
        ...this.stamp,
      });
      for (const universityId of universityIds) eventUniversityRows.push({ eventId: id, universityId });
      if (plan.from > 0) continue;
      random.sample(studentUsers, 20).forEach((userId, index, chosen) => {
        rankingRows.push({
          id: random.uuid(),
          eventId: id,
          userId,
          rank: index + 1,
          score: (chosen.length - index) * 50,
          ...this.stamp,
        });
      });
    }
    this.add(events, 'events', eventRows);
    this.add(eventUniversities, 'event_universities', eventUniversityRows);
    this.add(eventRankings, 'event_rankings', rankingRows);
  }
}

interface ScoreIds {
  quiz1: string;
  quiz2: string;
  midterm: string;
  written: string;
  listening: string;
  final: string;
  report: string;
  bonus: string;
}

interface EnteredScore {
  name: string;
  points: number | null;
  full_score: number;
  option_plus: boolean;
  parent_id: string | null;
}

interface SubjectRef {
  id: string;
  universityId: string;
  yearCodeId: string;
  classes: ClassPlan[];
  lessons: { id: string; type: LessonType; name: string; slot: number }[];
  scoreIds: ScoreIds;
  highlightIds: { attendance: string; achievement: string };
  memoId: string;
}

interface TermContext {
  yearCodeRows: { id: string; name: string; universityId: string; facultyId?: string | null }[];
  yearCodeStudents: Map<string, string[]>;
  studentUserOf: Map<string, string>;
  classNamesByUniversity: Map<string, string[]>;
  roomsByUniversity: Map<string, { id: string; name: string }[]>;
  teachersByUniversity: Map<string, string[]>;
  /** The teachers who retire around today: they teach no class, so no sitting of theirs falls after it. */
  retiringTeachers: ReadonlySet<string>;
  subjectNameRows: { id: string; name: string }[];
  examNameRows: { id: string; subjectNameId: string }[];
  semester: Semester;
  namedId: (email: string) => string;
  scale: number;
}

const REQUEST_TEXTS: Record<RequestOption, string> = {
  [RequestOption.late]: '電車が遅れているため、遅刻します。',
  [RequestOption.absent]: '体調不良のため欠席します。',
  [RequestOption.presentConfirm]: '出席していましたが欠席になっています。確認をお願いします。',
  [RequestOption.lateConfirm]: '遅刻でしたが欠席になっています。',
  [RequestOption.absentConfirm]: '事前に連絡した欠席です。確認をお願いします。',
  [RequestOption.achievementConfirm]: '中間試験の点数を確認していただけますか。',
  [RequestOption.other]: '在留カードの更新のため、書類をお願いします。',
};

/** The demo memo, written by a teacher (so stored as written, in Japanese). */
const MEMO_MESSAGE = '次回は教科書とノートパソコンを持参するよう伝えてください。';

/** The demo notifications: message codes the app words in the reader's language, as the server sends them. */
const NOTIFICATIONS_OF: Record<
  'staff' | 'student',
  readonly { message: NotificationMessage; url: string }[]
> = {
  staff: [
    { message: NotificationMessage.requestCreated, url: '/requests' },
    { message: NotificationMessage.newSticky, url: '/' },
    { message: NotificationMessage.accountChanged, url: '/profile' },
  ],
  student: [
    { message: NotificationMessage.requestApproved, url: '/requests' },
    { message: NotificationMessage.requestRejected, url: '/requests' },
    { message: NotificationMessage.newSticky, url: '/' },
    { message: NotificationMessage.accountChanged, url: '/profile' },
  ],
};
