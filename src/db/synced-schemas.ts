import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import type {
  AchievementDoc,
  AttendanceDoc,
  NotificationDoc,
  PersonDoc,
  StickyDoc,
} from '../../domain/sync-docs';

/** A person as stored locally (RxDB keeps the deleted flag itself). */
export type PersonDocType = Omit<PersonDoc, '_deleted'>;
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

/** The `achievements` collection (scores); indexed by score name and by enrolment. */
export const achievementSchema: RxJsonSchema<AchievementDocType> = {
  title: 'achievements',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    subjectId: key,
    universityId: key,
    subjectStudentId: key,
    studentId: key,
    scoreNameId: key,
    fullScore: { type: 'number' },
    scheduleId: nullableString,
    points: nullableNumber,
    comment: nullableString,
    updatedAt: sequence,
  },
  required: [
    'id',
    'subjectId',
    'universityId',
    'subjectStudentId',
    'studentId',
    'scoreNameId',
    'fullScore',
    'scheduleId',
    'points',
    'comment',
    'updatedAt',
  ],
  indexes: ['scoreNameId', 'subjectStudentId', 'subjectId'],
  additionalProperties: false,
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

/** Upgrades of stored rows, one entry per schema version above 0 (none yet). */
export const noMigrations: MigrationStrategies = {};
