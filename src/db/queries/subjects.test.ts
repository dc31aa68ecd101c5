import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '../../../domain/roles';
import { SubjectDocKind } from '../../../domain/sync-docs';
import { openTestDatabase } from '../database-test-helper';
import type { SchoolDatabase } from '../open-database';
import type { SubjectDocType } from '../synced-schemas';
import { studentNames$ } from './people';
import { classRoster$, subjectClass$ } from './subjects';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A `subjects` row of a kind with every field another kind has left empty. */
function subjectRow(fields: Partial<SubjectDocType> & Pick<SubjectDocType, 'id' | 'kind'>): SubjectDocType {
  return {
    subjectId: id(1),
    universityId: id(2),
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

describe('the class reads the attendance sheet and the score grid share', () => {
  it('lists the roster of one class only, and finds a class but not another kind by its id', async () => {
    database = await openTestDatabase('queries');
    await database.subjects.bulkInsert([
      subjectRow({ id: id(10), kind: SubjectDocKind.subjectClass }),
      subjectRow({ id: id(11), kind: SubjectDocKind.subjectClass }),
      subjectRow({ id: id(20), kind: SubjectDocKind.classStudent, classId: id(10), studentId: id(30) }),
      subjectRow({ id: id(21), kind: SubjectDocKind.classStudent, classId: id(11), studentId: id(31) }),
      subjectRow({ id: id(1), kind: SubjectDocKind.subject }),
    ]);

    const roster = await firstValueFrom(classRoster$(database, id(1), id(10)));
    expect(roster.map((row) => row.studentId)).toEqual([id(30)]);
    expect((await firstValueFrom(subjectClass$(database, id(10))))?.id).toBe(id(10));
    expect(await firstValueFrom(subjectClass$(database, id(1)))).toBeNull();
    expect(await firstValueFrom(subjectClass$(database, id(99)))).toBeNull();
  });

  it('names students by their student id, and leaves out staff', async () => {
    database = await openTestDatabase('queries');
    const person = {
      nameKana: null,
      avatar: null,
      retireAt: null,
      universityId: null,
      facultyId: null,
      yearCodeId: null,
      updatedAt: 1,
    };
    await database.people.bulkInsert([
      { ...person, id: id(40), role: Role.student, name: 'An', studentId: id(30), identity: 'S-1' },
      { ...person, id: id(41), role: Role.teacher, name: 'Teacher', studentId: null, identity: null },
    ]);
    const names = await firstValueFrom(studentNames$(database));
    expect([...names]).toEqual([[id(30), { name: 'An', identity: 'S-1' }]]);
  });
});
