import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import {
  type AchievementDoc,
  AchievementDocKind,
  type AttendanceDoc,
  type LessonDoc,
  type NoteDoc,
  type NotificationDoc,
  type PersonDoc,
  type RequestDoc,
  type ScheduleDoc,
  type StickyDoc,
  type SubjectDoc,
} from '../../domain/sync-docs';

/** A person as stored locally (RxDB keeps the deleted flag itself). */
export type PersonDocType = Omit<PersonDoc, '_deleted'>;
/** A request as stored locally. */
export type RequestDocType = Omit<RequestDoc, '_deleted'>;
/** A memo, plan, plan note or note as stored locally. */
export type NoteDocType = Omit<NoteDoc, '_deleted'>;
/** An attendance as stored locally. */
export type AttendanceDocType = Omit<AttendanceDoc, '_deleted'>;
/** A score as stored locally. */
export type AchievementDocType = Omit<AchievementDoc, '_deleted'>;

const key = { type: 'string', maxLength: 64 } as const;
const nullableString = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;
const sequence = { type: 'number', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1 } as const;

/** The `people` collection; indexed on role and name for the people lists. */
export const personSchema: RxJsonSchema<PersonDocType> = {
  title: 'people',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    role: { type: 'number', minimum: 0, maximum: 9, multipleOf: 1 },
    name: { type: 'string', maxLength: 255 },
    nameKana: nullableString,
    avatar: nullableString,
    retireAt: nullableString,
    studentId: nullableString,
    identity: nullableString,
    universityId: nullableString,
    facultyId: nullableString,
    yearCodeId: nullableString,
    updatedAt: sequence,
  },
  required: [
    'id',
    'role',
    'name',
    'nameKana',
    'avatar',
    'retireAt',
    'studentId',
    'identity',
    'universityId',
    'facultyId',
    'yearCodeId',
    'updatedAt',
  ],
  indexes: [['role', 'name']],
  additionalProperties: false,
};

/** The `attendance` collection; indexed by schedule and by class student for the attendance sheet. */
export const attendanceSchema: RxJsonSchema<AttendanceDocType> = {
  title: 'attendance',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    subjectId: key,
    universityId: key,
    classStudentId: key,
    studentId: key,
    scheduleId: key,
    status: nullableNumber,
    lateMinutes: nullableNumber,
    absenceReasons: nullableString,
    comment: nullableString,
    updatedAt: sequence,
  },
  required: [
    'id',
    'subjectId',
    'universityId',
    'classStudentId',
    'studentId',
    'scheduleId',
    'status',
    'lateMinutes',
    'absenceReasons',
    'comment',
    'updatedAt',
  ],
  indexes: ['scheduleId', 'classStudentId', 'subjectId'],
  additionalProperties: false,
};

/**
 * The `achievements` collection: scores and results by `kind` (version 1 added results); indexed by score
 * name and by enrolment.
 */
export const achievementSchema: RxJsonSchema<AchievementDocType> = {
  title: 'achievements',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    kind: { type: 'string', enum: Object.values(AchievementDocKind), maxLength: 16 },
    subjectId: key,
    universityId: key,
    subjectStudentId: key,
    studentId: key,
    scoreNameId: key,
    fullScore: nullableNumber,
    scheduleId: nullableString,
    points: nullableNumber,
    finalScore: nullableNumber,
    comment: nullableString,
    updatedAt: sequence,
  },
  required: [
    'id',
    'kind',
    'subjectId',
    'universityId',
    'subjectStudentId',
    'studentId',
    'scoreNameId',
    'fullScore',
    'scheduleId',
    'points',
    'finalScore',
    'comment',
    'updatedAt',
  ],
  indexes: ['scoreNameId', 'subjectStudentId', 'subjectId'],
  additionalProperties: false,
};

/** Upgrades of stored achievements: every row stored before results came is a score. */
export const achievementMigrationStrategies: MigrationStrategies = {
  1: (stored: Omit<AchievementDocType, 'kind' | 'finalScore'>): AchievementDocType => ({
    ...stored,
    kind: AchievementDocKind.score,
    finalScore: null,
  }),
};

/** A dashboard card as stored locally. */
export type StickyDocType = Omit<StickyDoc, '_deleted'>;
/** A notification as stored locally. */
export type NotificationDocType = Omit<NotificationDoc, '_deleted'>;

const nullableKey = { type: ['string', 'null'], maxLength: 64 } as const;
const timestamp = { type: 'string', maxLength: 40 } as const;

/** The `stickies` collection: the user's open cards; indexed by creation time, the dashboard's order. */
export const stickySchema: RxJsonSchema<StickyDocType> = {
  title: 'stickies',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    type: { type: 'number', minimum: 0, maximum: 99, multipleOf: 1 },
    content: nullableString,
    createdAt: timestamp,
    subjectId: nullableKey,
    subjectName: nullableString,
    yearCodeName: nullableString,
    lessonId: nullableKey,
    lessonName: nullableString,
    lessonType: nullableNumber,
    classId: nullableKey,
    className: nullableString,
    scheduleId: nullableKey,
    roomName: nullableString,
    highlightId: nullableKey,
    highlightType: nullableNumber,
    conditionType: nullableNumber,
    compareType: nullableNumber,
    highlightValue: nullableNumber,
    messageToStudent: nullableString,
    planId: nullableKey,
    contactUrls: { type: 'array', items: { type: 'string' } },
    memoId: nullableKey,
    requestId: nullableKey,
    studentId: nullableKey,
    studentIdentity: nullableString,
    studentName: nullableString,
    updatedAt: sequence,
  },
  required: [
    'id',
    'type',
    'content',
    'createdAt',
    'subjectId',
    'subjectName',
    'yearCodeName',
    'lessonId',
    'lessonName',
    'lessonType',
    'classId',
    'className',
    'scheduleId',
    'roomName',
    'highlightId',
    'highlightType',
    'conditionType',
    'compareType',
    'highlightValue',
    'messageToStudent',
    'planId',
    'contactUrls',
    'memoId',
    'requestId',
    'studentId',
    'studentIdentity',
    'studentName',
    'updatedAt',
  ],
  indexes: ['createdAt'],
  additionalProperties: false,
};

/** The `notifications` collection: the bell's list; indexed by creation time, newest first in the bell. */
export const notificationSchema: RxJsonSchema<NotificationDocType> = {
  title: 'notifications',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    message: { type: 'string' },
    url: { type: 'string' },
    createdAt: timestamp,
    read: { type: 'boolean' },
    updatedAt: sequence,
  },
  required: ['id', 'message', 'url', 'createdAt', 'read', 'updatedAt'],
  indexes: ['createdAt'],
  additionalProperties: false,
};

const code = { type: 'number', minimum: -1, maximum: 99, multipleOf: 1 } as const;
const nullableCode = { type: ['number', 'null'] } as const;

/** The `requests` collection; indexed by status and by subject for the request lists. */
export const requestSchema: RxJsonSchema<RequestDocType> = {
  title: 'requests',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    subjectId: key,
    universityId: key,
    studentId: key,
    classId: nullableKey,
    scheduleId: nullableKey,
    scoreNameId: nullableKey,
    type: code,
    status: code,
    option: code,
    attendanceKind: nullableCode,
    confirmKind: nullableCode,
    acceptReason: nullableCode,
    lateMinutes: nullableNumber,
    content: { type: 'string', maxLength: 500 },
    decidedBy: nullableKey,
    decidedAt: nullableString,
    createdAt: { type: 'string', maxLength: 40 },
    updatedAt: sequence,
  },
  required: [
    'id',
    'subjectId',
    'universityId',
    'studentId',
    'classId',
    'scheduleId',
    'scoreNameId',
    'type',
    'status',
    'option',
    'attendanceKind',
    'confirmKind',
    'acceptReason',
    'lateMinutes',
    'content',
    'decidedBy',
    'decidedAt',
    'createdAt',
    'updatedAt',
  ],
  indexes: [['status', 'createdAt'], 'subjectId'],
  additionalProperties: false,
};

const linkList = {
  type: 'array',
  items: {
    type: 'object',
    properties: { title: { type: 'string' }, link: { type: 'string' } },
    required: ['title', 'link'],
  },
} as const;

/** The `notes` collection (memos, plans, plan notes, notes by `kind`); indexed by subject and kind. */
export const noteSchema: RxJsonSchema<NoteDocType> = {
  title: 'notes',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    kind: { type: 'string', maxLength: 16 },
    subjectId: key,
    universityId: key,
    lessonId: nullableKey,
    scheduleId: nullableKey,
    planId: nullableKey,
    studentId: nullableKey,
    authorId: nullableKey,
    content: nullableString,
    publish: nullableCode,
    lessonType: nullableCode,
    contactToHeadTeacher: { type: ['boolean', 'null'] },
    scheduleIds: { type: 'array', items: { type: 'string' } },
    links: linkList,
    contactToStudent: {
      type: 'array',
      items: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
    },
    updatedAt: sequence,
  },
  required: [
    'id',
    'kind',
    'subjectId',
    'universityId',
    'lessonId',
    'scheduleId',
    'planId',
    'studentId',
    'authorId',
    'content',
    'publish',
    'lessonType',
    'contactToHeadTeacher',
    'scheduleIds',
    'links',
    'contactToStudent',
    'updatedAt',
  ],
  indexes: [['subjectId', 'kind']],
  additionalProperties: false,
};

/** A subject, class, class student, score name or highlight as stored locally. */
export type SubjectDocType = Omit<SubjectDoc, '_deleted'>;
/** A schedule as stored locally. */
export type ScheduleDocType = Omit<ScheduleDoc, '_deleted'>;
/** A lesson or exam as stored locally. */
export type LessonDocType = Omit<LessonDoc, '_deleted'>;

const nullableBoolean = { type: ['boolean', 'null'] } as const;
const idList = { type: 'array', items: { type: 'string' } } as const;

/** The `subjects` collection (every kind in one); indexed by kind and subject for the filters and sheets. */
export const subjectSchema: RxJsonSchema<SubjectDocType> = {
  title: 'subjects',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    kind: { type: 'string', maxLength: 16 },
    subjectId: key,
    universityId: key,
    subjectNameId: nullableString,
    facultyId: nullableString,
    yearCodeId: nullableString,
    semesterId: nullableString,
    startDate: nullableString,
    endDate: nullableString,
    formula: nullableString,
    teacherAllowUpdateFinalScore: nullableBoolean,
    publish: nullableNumber,
    classNameId: nullableString,
    teacherIds: idList,
    classId: nullableString,
    studentId: nullableString,
    subjectStudentId: nullableString,
    lessonId: nullableString,
    parentId: nullableString,
    name: nullableString,
    fullScore: nullableNumber,
    optionPlus: nullableBoolean,
    position: nullableNumber,
    highlightType: nullableNumber,
    conditionType: nullableNumber,
    compareType: nullableNumber,
    value: nullableNumber,
    messageToStudent: nullableString,
    hidden: nullableBoolean,
    updatedAt: sequence,
  },
  required: [
    'id',
    'kind',
    'subjectId',
    'universityId',
    'subjectNameId',
    'facultyId',
    'yearCodeId',
    'semesterId',
    'startDate',
    'endDate',
    'formula',
    'teacherAllowUpdateFinalScore',
    'publish',
    'classNameId',
    'teacherIds',
    'classId',
    'studentId',
    'subjectStudentId',
    'lessonId',
    'parentId',
    'name',
    'fullScore',
    'optionPlus',
    'position',
    'highlightType',
    'conditionType',
    'compareType',
    'value',
    'messageToStudent',
    'hidden',
    'updatedAt',
  ],
  indexes: [['kind', 'subjectId']],
  additionalProperties: false,
};

/** The `schedules` collection; indexed by class and day for the attendance sheet and the calendars. */
export const scheduleSchema: RxJsonSchema<ScheduleDocType> = {
  title: 'schedules',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    subjectId: key,
    universityId: key,
    lessonId: key,
    classId: key,
    day: { type: 'string', maxLength: 10 },
    startTime: { type: 'string', maxLength: 8 },
    endTime: { type: 'string', maxLength: 8 },
    roomId: nullableString,
    teacherIds: idList,
    updatedAt: sequence,
  },
  required: [
    'id',
    'subjectId',
    'universityId',
    'lessonId',
    'classId',
    'day',
    'startTime',
    'endTime',
    'roomId',
    'teacherIds',
    'updatedAt',
  ],
  indexes: [['classId', 'day'], 'subjectId', 'day'],
  additionalProperties: false,
};

/** The `lessons` collection (lessons and exams, drafts included for staff); indexed by subject. */
export const lessonSchema: RxJsonSchema<LessonDocType> = {
  title: 'lessons',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    subjectId: key,
    universityId: key,
    name: { type: 'string' },
    type: { type: 'number' },
    publish: { type: 'number' },
    tableOfContents: nullableString,
    overview: nullableString,
    minutes: nullableNumber,
    examNameId: nullableString,
    assistApply: { type: 'boolean' },
    assistStatus: { type: 'number' },
    updatedAt: sequence,
  },
  required: [
    'id',
    'subjectId',
    'universityId',
    'name',
    'type',
    'publish',
    'tableOfContents',
    'overview',
    'minutes',
    'examNameId',
    'assistApply',
    'assistStatus',
    'updatedAt',
  ],
  indexes: ['subjectId'],
  additionalProperties: false,
};

/** Upgrades of stored rows, one entry per schema version above 0 (none yet). */
export const noMigrations: MigrationStrategies = {};
