import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { MasterDocType } from './master-schema';
import { openDatabase, type SchoolDatabase } from './open-database';
import type { SubjectDocType } from './synced-schemas';

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
