import { isPublishedAssist, PublishState } from '../../../domain/lessons';
import { MasterKind } from '../../../domain/master-kind';
import { compareSittings, sittingTeacherIds } from '../../../domain/schedules';
import type { CalendarSchedule } from '../../../domain/schemas/schedules';
import { SubjectDocKind } from '../../../domain/sync-docs';
import type { CalendarSources } from '../../db/queries/calendar';

/** A sitting as the calendars show it: when, what, for which class, where and by whom. */
export interface CalendarSitting {
  id: string;
  day: string;
  startTime: string;
  endTime: string;
  subjectId: string;
  subjectName: string;
  lessonId: string;
  lessonName: string;
  classId: string;
  className: string;
  universityId: string;
  facultyId: string | null;
  yearCodeId: string | null;
  yearCodeName: string | null;
  /** The year code's colour of the 18-colour palette (SPEC §3); null when the subject has no year code. */
  color: string | null;
  roomName: string | null;
  /** Everyone teaching it: named on the schedule or in charge of its class. */
  teacherIds: string[];
  teacherNames: string[];
  /** On a student's calendar: another class's sitting of an assist lesson of their subject (issue #18). */
  assist: boolean;
}

/** Which sittings a calendar shows. */
export type CalendarFilter =
  | { kind: 'school'; universityId: string | null; facultyId: string | null; yearCodeId: string | null }
  | { kind: 'teacher'; teacherIds: readonly string[] }
  | { kind: 'student'; studentId: string | null };

/**
 * The published sittings of the local rows, named and in time order (day, start, id). Drafts never show: a
 * sitting of a draft lesson, of a draft (copied, unregistered) subject, or whose lesson or subject is not on
 * this device yet is left out (RxDB queries never return deleted rows).
 */
export function buildSittings(sources: CalendarSources): CalendarSitting[] {
  const names = new Map(sources.master.map((row) => [row.id, row]));
  const nameOf = (id: string | null, kind: MasterKind) => {
    const row = id === null ? undefined : names.get(id);
    return row && row.kind === kind ? row.name : null;
  };
  const lessons = new Map(sources.lessons.map((lesson) => [lesson.id, lesson]));
  const subjects = new Map(sources.subjects.map((row) => [row.id, row]));
  const people = new Map(sources.staff.map((person) => [person.id, person.name]));

  const sittings: CalendarSitting[] = [];
  for (const schedule of sources.schedules) {
    const lesson = lessons.get(schedule.lessonId);
    const subject = subjects.get(schedule.subjectId);
    const subjectClass = subjects.get(schedule.classId);
    if (!lesson || lesson.publish !== PublishState.published) continue;
    if (!subject || subject.kind !== SubjectDocKind.subject) continue;
    if (subject.publish !== null && subject.publish !== PublishState.published) continue;
    const classTeachers = subjectClass?.kind === SubjectDocKind.subjectClass ? subjectClass.teacherIds : [];
    const teacherIds = sittingTeacherIds(schedule.teacherIds, classTeachers);
    const yearCode = subject.yearCodeId === null ? undefined : names.get(subject.yearCodeId);
    sittings.push({
      id: schedule.id,
      day: schedule.day,
      startTime: schedule.startTime.slice(0, 5),
      endTime: schedule.endTime.slice(0, 5),
      subjectId: subject.id,
      subjectName: nameOf(subject.subjectNameId, MasterKind.subjectNames) ?? '',
      lessonId: lesson.id,
      lessonName: lesson.name,
      classId: schedule.classId,
      className: nameOf(subjectClass?.classNameId ?? null, MasterKind.classNames) ?? '',
      universityId: subject.universityId,
      facultyId: subject.facultyId,
      yearCodeId: subject.yearCodeId,
      yearCodeName: yearCode?.name ?? null,
      color: yearCode?.color ?? null,
      roomName: nameOf(schedule.roomId, MasterKind.rooms),
      teacherIds,
      teacherNames: teacherIds.flatMap((id) => {
        const name = people.get(id);
        return name === undefined ? [] : [name];
      }),
      assist: false,
    });
  }
  return sittings.sort(compareSittings);
}

/**
 * The classes a student sits in and the subjects of them, from the class-student rows on the device (a
 * student's device holds only their own; the id check keeps the rule explicit).
 */
function seatsOfStudent(sources: CalendarSources, studentId: string | null) {
  const seats = sources.subjects.filter(
    (row) => studentId !== null && row.kind === SubjectDocKind.classStudent && row.studentId === studentId,
  );
  return {
    classes: new Set(seats.flatMap((row) => (row.classId ? [row.classId] : []))),
    subjects: new Set(seats.map((row) => row.subjectId)),
  };
}

/**
 * The sittings a calendar's filter keeps: a school place, some teachers, or one student's: their classes', and
 * the sittings of their subjects' other classes whose lesson is a published assist lesson, marked `assist`
 * (the server's `calendarScope` keeps the same ones).
 */
export function filterSittings(
  sittings: readonly CalendarSitting[],
  sources: CalendarSources,
  filter: CalendarFilter,
): CalendarSitting[] {
  if (filter.kind === 'school') {
    return sittings.filter(
      (sitting) =>
        (filter.universityId === null || sitting.universityId === filter.universityId) &&
        (filter.facultyId === null || sitting.facultyId === filter.facultyId) &&
        (filter.yearCodeId === null || sitting.yearCodeId === filter.yearCodeId),
    );
  }
  if (filter.kind === 'teacher') {
    const wanted = new Set(filter.teacherIds);
    return sittings.filter((sitting) => sitting.teacherIds.some((id) => wanted.has(id)));
  }
  const seats = seatsOfStudent(sources, filter.studentId);
  const assists = new Set(sources.lessons.filter(isPublishedAssist).map((lesson) => lesson.id));
  return sittings.flatMap((sitting) => {
    if (seats.classes.has(sitting.classId)) return [sitting];
    if (seats.subjects.has(sitting.subjectId) && assists.has(sitting.lessonId))
      return [{ ...sitting, assist: true }];
    return [];
  });
}

/** The sittings grouped by day, each day's in time order. */
export function sittingsByDay(sittings: readonly CalendarSitting[]): ReadonlyMap<string, CalendarSitting[]> {
  const days = new Map<string, CalendarSitting[]>();
  for (const sitting of sittings) {
    const list = days.get(sitting.day) ?? [];
    list.push(sitting);
    days.set(sitting.day, list);
  }
  return days;
}

/** A sitting as a calendar call of the server answers it, in the calendars' shape. */
export function fromCalendarSchedule(schedule: CalendarSchedule): CalendarSitting {
  return {
    id: schedule.id,
    day: schedule.day,
    startTime: schedule.start_time,
    endTime: schedule.end_time,
    subjectId: schedule.subject.id,
    subjectName: schedule.subject.name,
    lessonId: schedule.lesson.id,
    lessonName: schedule.lesson.name,
    classId: schedule.class.id,
    className: schedule.class.name,
    // The call names no university or faculty: a teacher calendar does not filter by them.
    universityId: '',
    facultyId: null,
    yearCodeId: schedule.year_code?.id ?? null,
    yearCodeName: schedule.year_code?.name ?? null,
    color: schedule.year_code?.color ?? null,
    roomName: schedule.room?.name ?? null,
    teacherIds: schedule.teachers.map((teacher) => teacher.id),
    teacherNames: schedule.teachers.map((teacher) => teacher.name),
    assist: schedule.assist,
  };
}

/** The attendance sheet of a sitting's class, opened on the sitting. */
export function attendanceHref(sitting: CalendarSitting): string {
  return `/attendance?subjectClass=${encodeURIComponent(sitting.classId)}&schedule=${encodeURIComponent(sitting.id)}`;
}
