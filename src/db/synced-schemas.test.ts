import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createRxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestStatus } from '../../domain/request-status';
import { RequestOption, RequestType } from '../../domain/requests';
import { AchievementDocKind, NoteKind, noteDocSchema, requestDocSchema } from '../../domain/sync-docs';
import { databaseName, openDatabase, type SchoolDatabase } from './open-database';
import { SYNCED_COLLECTIONS } from './synced-collections';
import type { AchievementDocType } from './synced-schemas';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('requests and notes stored locally', () => {
  it('takes a request and a memo exactly as the server sends them, and finds them by their indexes', async () => {
    database = await openDatabase(`schemas-${Date.now()}`, {
      dexie: { indexedDB, IDBKeyRange },
      multiInstance: false,
    });
    const { _deleted: _r, ...request } = requestDocSchema.parse({
      id: id(1),
      subjectId: id(2),
      universityId: id(3),
      studentId: id(4),
      classId: id(5),
      scheduleId: null,
      scoreNameId: null,
      type: RequestType.other,
      status: RequestStatus.requesting,
      option: RequestOption.other,
      attendanceKind: null,
      confirmKind: null,
      acceptReason: null,
      lateMinutes: null,
      points: null,
      content: '相談があります',
      rejectReason: null,
      decidedBy: null,
      decidedAt: null,
      filedBy: null,
      createdAt: '2026-11-23T10:00:00.000Z',
      updatedAt: 7,
      _deleted: false,
    });
    const { _deleted: _n, ...memo } = noteDocSchema.parse({
      id: id(6),
      kind: NoteKind.memo,
      subjectId: id(2),
      universityId: id(3),
      lessonId: null,
      scheduleId: null,
      planId: null,
      studentId: null,
      authorId: id(8),
      content: 'プリントを配る',
      publish: null,
      lessonType: null,
      contactToHeadTeacher: true,
      scheduleIds: [id(9)],
      links: [],
      contactToStudent: [],
      updatedAt: 8,
      _deleted: false,
    });
    await database.requests.insert(request);
    await database.notes.insert(memo);

    const pending = await database.requests.find({ selector: { status: RequestStatus.requesting } }).exec();
    expect(pending.map((doc) => doc.toJSON())).toEqual([expect.objectContaining(request)]);
    const memos = await database.notes.find({ selector: { subjectId: id(2), kind: NoteKind.memo } }).exec();
    expect(memos.map((doc) => doc.scheduleIds)).toEqual([[id(9)]]);
  });
});

describe('achievements stored before results came', () => {
  it('become scores when a device opens the new version of the collection', async () => {
    const achievementSchema = SYNCED_COLLECTIONS.achievements.schema;
    const userId = `migrate-${Date.now()}`;
    const { kind: _kind, finalScore: _finalScore, ...oldProperties } = achievementSchema.properties;
    const oldSchema = {
      ...achievementSchema,
      version: 0,
      properties: oldProperties,
      required: (achievementSchema.required ?? []).filter(
        (field) => field !== 'kind' && field !== 'finalScore',
      ),
    } as unknown as RxJsonSchema<Omit<AchievementDocType, 'kind' | 'finalScore'>>;
    const old = await createRxDatabase({
      name: databaseName(userId),
      // Dev mode (on in tests) insists on a validating storage, as the app's own opening does.
      storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) }),
      multiInstance: false,
    });
    await old.addCollections({ achievements: { schema: oldSchema } });
    await old.collections.achievements?.insert({
      id: id(1),
      subjectId: id(2),
      universityId: id(3),
      subjectStudentId: id(4),
      studentId: id(5),
      scoreNameId: id(6),
      fullScore: 100,
      scheduleId: null,
      points: 72.5,
      comment: null,
      updatedAt: 9,
    });
    await old.close();

    database = await openDatabase(userId, {
      dexie: { indexedDB, IDBKeyRange },
      multiInstance: false,
      only: ['achievements'],
    });
    const migrated = await database.achievements.findOne(id(1)).exec();
    expect(migrated?.toJSON()).toMatchObject({
      kind: AchievementDocKind.score,
      points: 72.5,
      finalScore: null,
    });
  });
});
