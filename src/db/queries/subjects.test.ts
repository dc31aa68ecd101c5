import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { LessonType, PublishState } from '../../../domain/lessons';
import { Role } from '../../../domain/roles';
import { SubjectDocKind } from '../../../domain/sync-docs';
import { openTestDatabase, subjectRow } from '../database-test-helper';
import type { SchoolDatabase } from '../open-database';
import { studentNames$, studentsOf$, teachers$ } from './people';
import { classRoster$, subjectClass$, subjectScoreNames$ } from './subjects';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

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
      email: null,
      avatar: null,
      retireAt: null,
      deactivated: false,
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

  it('offers active teachers and students only in the pickers, while a deactivated one keeps their name', async () => {
    database = await openTestDatabase('queries');
    const person = {
      nameKana: null,
      email: null,
      avatar: null,
      retireAt: null,
      universityId: id(90),
      facultyId: null,
      yearCodeId: null,
      updatedAt: 1,
    };
    const teacher = { ...person, role: Role.teacher, studentId: null, identity: null };
    const student = { ...person, role: Role.student };
    await database.people.bulkInsert([
      { ...teacher, id: id(41), name: 'Active', deactivated: false },
      { ...teacher, id: id(42), name: 'Left', deactivated: true },
      { ...student, id: id(43), name: 'Here', deactivated: false, studentId: id(30), identity: 'S-1' },
      { ...student, id: id(44), name: 'Gone', deactivated: true, studentId: id(31), identity: 'S-2' },
    ]);
    expect((await firstValueFrom(teachers$(database))).map((row) => row.name)).toEqual(['Active']);
    expect((await firstValueFrom(studentsOf$(database, id(90)))).map((row) => row.name)).toEqual(['Here']);
    expect((await firstValueFrom(studentNames$(database))).get(id(31))?.name).toBe('Gone');
  });

  it('leaves the score names of draft exams out of the achievement columns until the exam is published', async () => {
    const local = await openTestDatabase('queries');
    database = local;
    const exam = (lessonId: string, publish: PublishState) => ({
      id: lessonId,
      subjectId: id(1),
      universityId: id(2),
      name: lessonId,
      type: LessonType.exam,
      publish,
      tableOfContents: null,
      overview: null,
      minutes: null,
      examNameId: null,
      assistApply: false,
      assistStatus: 0,
      updatedAt: 1,
    });
    await local.lessons.bulkInsert([exam(id(50), PublishState.published), exam(id(51), PublishState.draft)]);
    await local.subjects.bulkInsert([
      subjectRow({
        id: id(60),
        kind: SubjectDocKind.scoreName,
        subjectId: id(1),
        name: '期末',
        lessonId: id(50),
      }),
      subjectRow({
        id: id(61),
        kind: SubjectDocKind.scoreName,
        subjectId: id(1),
        name: '下書き',
        lessonId: id(51),
      }),
      subjectRow({ id: id(62), kind: SubjectDocKind.scoreName, subjectId: id(1), name: 'レポート' }),
    ]);
    const names = async () => (await firstValueFrom(subjectScoreNames$(local, id(1)))).map((row) => row.name);
    expect((await names()).sort()).toEqual(['レポート', '期末'].sort());
    await local.lessons.upsert(exam(id(51), PublishState.published));
    expect((await names()).sort()).toEqual(['レポート', '下書き', '期末'].sort());
  });
});
