import type { JsonSchema, MigrationStrategies, RxJsonSchema } from 'rxdb';
import { MasterKind } from '../../domain/master-kind';
import type { SyncCollection } from '../../domain/sync';
import { AchievementDocKind, SYNC_DOC_SCHEMAS } from '../../domain/sync-docs';
import { type RxSchemaSpec, rxSchemaOf } from './rx-schema';
import type {
  AchievementDocType,
  NotificationDocType,
  PersonDocType,
  RequestDocType,
  SyncedDocType,
} from './synced-schemas';

/** How the browser stores one replicated collection: its generated RxDB schema and the upgrades of it. */
export type SyncedCollectionDef<Name extends SyncCollection> = {
  schema: RxJsonSchema<SyncedDocType<Name>>;
  /** Upgrades of stored rows, one entry per schema version above 0. */
  migrationStrategies: MigrationStrategies;
};

function synced<Name extends SyncCollection>(
  name: Name,
  spec: Omit<RxSchemaSpec<SyncedDocType<Name>>, 'title'>,
  migrationStrategies: MigrationStrategies = {},
): SyncedCollectionDef<Name> {
  return { schema: rxSchemaOf(SYNC_DOC_SCHEMAS[name], { title: name, ...spec }), migrationStrategies };
}

// Stored forms written by hand before the schemas were generated (see `RxSchemaSpec.fields`).
const nullableKey: JsonSchema = { type: ['string', 'null'], maxLength: 64 };
const plainString: JsonSchema = { type: 'string' };
const code: JsonSchema = { type: 'number', minimum: -1, maximum: 99, multipleOf: 1 };
const kindOf = (maxLength: number, values?: readonly string[]): JsonSchema => ({
  type: 'string',
  ...(values ? { enum: [...values] } : {}),
  maxLength,
});

/**
 * Every replicated collection as the browser stores it, by the registry's names. Indexes serve the screens'
 * queries; the versions and migrations are those browsers already hold.
 */
export const SYNCED_COLLECTIONS: { [Name in SyncCollection]: SyncedCollectionDef<Name> } = {
  // Every master kind in one collection with a `kind` field (ARCHITECTURE §3); listed by kind and name.
  master: synced('master', {
    version: 0,
    indexes: [['kind', 'name']],
    fields: { kind: kindOf(32, Object.values(MasterKind)), name: { type: 'string', maxLength: 255 } },
  }),
  // Indexed on role and name for the people lists (version 1 added whether the person is deactivated,
  // version 2 a staff member's e-mail for staff viewers, issue 42 row 9).
  people: synced(
    'people',
    {
      version: 2,
      indexes: [['role', 'name']],
      fields: {
        role: { type: 'number', minimum: 0, maximum: 9, multipleOf: 1 },
        name: { type: 'string', maxLength: 255 },
      },
    },
    {
      // People stored before version 1 are taken as active until the next pull says otherwise.
      1: (stored: Omit<PersonDocType, 'deactivated' | 'email'>): Omit<PersonDocType, 'email'> => ({
        ...stored,
        deactivated: false,
      }),
      // People stored before version 2 carry no e-mail; the server's people pull starts over for such a device
      // (its scope version names the documents' shape) and brings the addresses this viewer may see.
      2: (stored: Omit<PersonDocType, 'email'>): PersonDocType => ({ ...stored, email: null }),
    },
  ),
  // Indexed by schedule and by class student for the attendance sheet.
  attendance: synced('attendance', { version: 0, indexes: ['scheduleId', 'classStudentId', 'subjectId'] }),
  // Scores and results by `kind` (version 1 added results); indexed by score name and by enrolment.
  achievements: synced(
    'achievements',
    {
      version: 1,
      indexes: ['scoreNameId', 'subjectStudentId', 'subjectId'],
      fields: { kind: kindOf(16, Object.values(AchievementDocKind)) },
    },
    {
      // Every row stored before results came is a score.
      1: (stored: Omit<AchievementDocType, 'kind' | 'finalScore'>): AchievementDocType => ({
        ...stored,
        kind: AchievementDocKind.score,
        finalScore: null,
      }),
    },
  ),
  // The user's open cards; indexed by creation time, the dashboard's order.
  stickies: synced('stickies', {
    version: 0,
    indexes: ['createdAt'],
    fields: {
      type: { type: 'number', minimum: 0, maximum: 99, multipleOf: 1 },
      subjectId: nullableKey,
      lessonId: nullableKey,
      classId: nullableKey,
      scheduleId: nullableKey,
      highlightId: nullableKey,
      planId: nullableKey,
      memoId: nullableKey,
      requestId: nullableKey,
      studentId: nullableKey,
    },
  }),
  // The bell's list; indexed by creation time, newest first in the bell (version 1 added what each is about).
  notifications: synced(
    'notifications',
    { version: 1, indexes: ['createdAt'], fields: { message: plainString, url: plainString } },
    {
      // Notifications stored before version 1 name nothing; the bell words them by their code alone.
      1: (stored: Omit<NotificationDocType, 'params'>): NotificationDocType => ({ ...stored, params: null }),
    },
  ),
  // Indexed by status and by subject for the request lists (version 1 added the score asked for and the
  // reason of a rejection, version 2 the guardian who filed it, issue 43).
  requests: synced(
    'requests',
    {
      version: 2,
      indexes: [['status', 'createdAt'], 'subjectId'],
      fields: {
        classId: nullableKey,
        scheduleId: nullableKey,
        scoreNameId: nullableKey,
        type: code,
        status: code,
        option: code,
        decidedBy: nullableKey,
      },
    },
    {
      // Requests stored before version 1 asked for no score and carried no reason.
      1: (stored: Omit<RequestDocType, 'points' | 'rejectReason'>): RequestDocType => ({
        ...stored,
        points: null,
        rejectReason: null,
      }),
      // Requests stored before version 2 were all filed by their student.
      2: (stored: Omit<RequestDocType, 'filedBy'>): RequestDocType => ({ ...stored, filedBy: null }),
    },
  ),
  // Memos, plans, plan notes and notes by `kind`; indexed by subject and kind.
  notes: synced('notes', {
    version: 0,
    indexes: [['subjectId', 'kind']],
    fields: {
      kind: kindOf(16),
      lessonId: nullableKey,
      scheduleId: nullableKey,
      planId: nullableKey,
      studentId: nullableKey,
      authorId: nullableKey,
    },
  }),
  // Every kind of the subject structure in one; indexed by kind and subject for the filters and sheets.
  subjects: synced('subjects', {
    version: 0,
    indexes: [['kind', 'subjectId']],
    fields: { kind: kindOf(16) },
  }),
  // Indexed by class and day for the attendance sheet and the calendars.
  schedules: synced('schedules', {
    version: 0,
    indexes: [['classId', 'day'], 'subjectId', 'day'],
    fields: {
      day: { type: 'string', maxLength: 10 },
      startTime: { type: 'string', maxLength: 8 },
      endTime: { type: 'string', maxLength: 8 },
    },
  }),
  // Lessons and exams, drafts included for staff; indexed by subject.
  lessons: synced('lessons', { version: 0, indexes: ['subjectId'] }),
};
