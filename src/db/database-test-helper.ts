import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { PlanPublish, PublishState } from '../../domain/lessons';
import { Role } from '../../domain/roles';
import { type NoteDoc, NoteKind, sittingNoteDoc } from '../../domain/sync-docs';
import type { MasterDocType } from './master-schema';
import { openDatabase, type SchoolDatabase } from './open-database';
import type { LessonDocType, PersonDocType, ScheduleDocType, SubjectDocType } from './synced-schemas';

let opened = 0;

/**
 * A user's database on fake-indexeddb under a name no other test uses, single-instance (one test process
 * holds one copy). The caller removes it after the test.
 */
export function openTestDatabase(prefix: string): Promise<SchoolDatabase> {
  opened += 1;
  return openDatabase(`${prefix}-${opened}-${Date.now()}`, {
    dexie: { indexedDB, IDBKeyRange },
    multiInstance: false,
  });
}

/** A `subjects` row of a kind with every field another kind has left empty. */
export function subjectRow(
  fields: Partial<SubjectDocType> & Pick<SubjectDocType, 'id' | 'kind'>,
): SubjectDocType {
  return {
    subjectId: '00000000-0000-4000-8000-000000000001',
    universityId: '00000000-0000-4000-8000-000000000002',
    subjectNameId: null,
    facultyId: null,
    yearCodeId: null,
    semesterId: null,
    startDate: null,
    endDate: null,
    formula: null,
    teacherAllowUpdateFinalScore: null,
    publish: null,
    classNameId: null,
    teacherIds: [],
    classId: null,
    studentId: null,
    subjectStudentId: null,
    lessonId: null,
    parentId: null,
    name: null,
    fullScore: null,
    optionPlus: null,
    position: null,
    highlightType: null,
    conditionType: null,
    compareType: null,
    value: null,
    messageToStudent: null,
    hidden: null,
    updatedAt: 1,
    ...fields,
  };
}

/** A `master` row of a kind with the relations it does not name left empty. */
export function masterRow(
  fields: Partial<MasterDocType> & Pick<MasterDocType, 'id' | 'kind' | 'name'>,
): MasterDocType {
  return {
    universityId: null,
    facultyId: null,
    subjectNameId: null,
    color: null,
    startDate: null,
    endDate: null,
    updatedAt: 1,
    ...fields,
  };
}

/** A sitting on 2026-11-20, 09:00 to 10:30, of `lesson-1` in `class-1` of `subject-1`, unless told otherwise. */
export function scheduleRow(fields: Partial<ScheduleDocType> & Pick<ScheduleDocType, 'id'>): ScheduleDocType {
  return {
    subjectId: 'subject-1',
    universityId: 'u',
    lessonId: 'lesson-1',
    classId: 'class-1',
    day: '2026-11-20',
    startTime: '09:00',
    endTime: '10:30',
    roomId: null,
    teacherIds: [],
    updatedAt: 1,
    ...fields,
  };
}

/** A published 90-minute lesson of `subject-1`, not an assist lesson, unless told otherwise. */
export function lessonRow(
  fields: Partial<LessonDocType> & Pick<LessonDocType, 'id' | 'name'>,
): LessonDocType {
  return {
    subjectId: 'subject-1',
    universityId: 'u',
    type: 1,
    publish: PublishState.published,
    tableOfContents: null,
    overview: null,
    minutes: 90,
    examNameId: null,
    assistApply: false,
    assistStatus: PublishState.draft,
    updatedAt: 1,
    ...fields,
  };
}

/** A published lesson plan of `schedule-3` (`lesson-1` of `subject-1`) by `teacher-1`, unless told otherwise. */
export function planRow(fields: Partial<NoteDoc> & Pick<NoteDoc, 'id'>): NoteDoc {
  return {
    ...sittingNoteDoc({
      id: fields.id,
      kind: NoteKind.plan,
      subjectId: 'subject-1',
      universityId: 'u',
      lessonId: 'lesson-1',
      scheduleId: 'schedule-3',
      authorId: 'teacher-1',
    }),
    publish: PlanPublish.published,
    ...fields,
  };
}

/** A student's `people` row (their name card), with the fields a test does not name left empty. */
export function personRow(fields: Partial<PersonDocType> & Pick<PersonDocType, 'id'>): PersonDocType {
  return {
    role: Role.student,
    name: '山田 花子',
    nameKana: null,
    email: null,
    avatar: null,
    retireAt: null,
    deactivated: false,
    studentId: null,
    identity: null,
    universityId: 'u',
    facultyId: null,
    yearCodeId: null,
    updatedAt: 1,
    ...fields,
  };
}
