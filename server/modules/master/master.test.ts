import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_SETTING_SEGMENTS } from '../../../domain/master';
import type { MasterDataResponse } from '../../../domain/schemas/master-setting';
import { call, createMasterRow, pullAll } from '../../testing/calls';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let admin: TestSession;
let teacher: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  teacher = await signIn(t.app, 'teacher@demo.test');
});

afterAll(async () => {
  await t.close();
});

describe('master data', () => {
  it('lists live master rows and people to any signed-in user', async () => {
    const universityId = await createMasterRow(t.app, admin, 'universities', {
      name: 'Master Data University',
    });
    const facultyId = await createMasterRow(t.app, admin, 'faculties', {
      name: 'Listed',
      university_id: universityId,
    });
    const goneId = await createMasterRow(t.app, admin, 'faculties', {
      name: 'Gone',
      university_id: universityId,
    });
    await call(t.app, admin, 'DELETE', `/api/master-setting/faculties/${goneId}`);

    const response = await call(t.app, teacher, 'GET', '/master-data');
    expect(response.statusCode).toBe(200);
    const data: MasterDataResponse = response.json();
    expect(data.universities).toContainEqual({ id: universityId, name: 'Master Data University' });
    expect(data.faculties).toContainEqual({ id: facultyId, name: 'Listed', university_id: universityId });
    expect(data.faculties.map((row) => row.id)).not.toContain(goneId);
    expect(data.teachers.every((person) => person.role === 1)).toBe(true);
    expect(data.students.every((person) => person.role === 5)).toBe(true);
    expect(data.teacher_and_admins.some((person) => person.role === 2)).toBe(true);
  });
});

describe('master setting', () => {
  it('has search for every segment of the domain table', async () => {
    for (const segment of Object.keys(MASTER_SETTING_SEGMENTS)) {
      const response = await call(t.app, admin, 'GET', `/api/master-setting/${segment}/search`);
      expect(response.statusCode, segment).toBe(200);
    }
  });

  it('lets an admin create, update and delete, and each change reaches the pull', async () => {
    const start = await pullAll(t.app, teacher, null, 1000);

    const subjectId = await createMasterRow(t.app, admin, 'subjects', { name: 'Physics' });
    const examId = await createMasterRow(t.app, admin, 'exams', {
      name: 'Midterm',
      subject_name_id: subjectId,
    });
    const afterCreate = await pullAll(t.app, teacher, start.checkpoint, 1000);
    expect(afterCreate.documents.map((doc) => [doc.kind, doc.name])).toEqual([
      ['subjectNames', 'Physics'],
      ['examNames', 'Midterm'],
    ]);
    expect(afterCreate.documents[1]).toMatchObject({ id: examId, subjectNameId: subjectId, _deleted: false });

    const updated = await call(t.app, admin, 'POST', `/api/master-setting/exams/${examId}`, {
      name: 'Final',
      subject_name_id: subjectId,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ id: examId, name: 'Final', subject_name_id: subjectId });
    const afterUpdate = await pullAll(t.app, teacher, afterCreate.checkpoint, 1000);
    expect(afterUpdate.documents).toEqual([
      expect.objectContaining({ id: examId, name: 'Final', _deleted: false }),
    ]);

    const deleted = await call(t.app, admin, 'DELETE', `/api/master-setting/exams/${examId}`);
    expect(deleted.statusCode).toBe(200);
    const afterDelete = await pullAll(t.app, teacher, afterUpdate.checkpoint, 1000);
    expect(afterDelete.documents).toEqual([expect.objectContaining({ id: examId, _deleted: true })]);

    const again = await call(t.app, admin, 'DELETE', `/api/master-setting/exams/${examId}`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses a teacher with 403 and changes nothing', async () => {
    const before = await pullAll(t.app, admin, null, 1000);
    const create = await call(t.app, teacher, 'POST', '/api/master-setting/universities', { name: 'Nope' });
    const search = await call(t.app, teacher, 'GET', '/api/master-setting/universities/search');
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ message: 'Forbidden', code: 'forbidden' });
    expect(search.statusCode).toBe(403);
    const after = await pullAll(t.app, admin, before.checkpoint, 1000);
    expect(after.documents).toEqual([]);
  });

  it('answers 404 for an unknown segment', async () => {
    const response = await call(t.app, admin, 'POST', '/api/master-setting/planets', { name: 'Mars' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found', code: 'not_found' });
  });

  it('refuses fields a kind does not have, missing relations and unknown references', async () => {
    const extra = await call(t.app, admin, 'POST', '/api/master-setting/universities', {
      name: 'U',
      color: '#e53935',
    });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toEqual({ color: ['unknown_field'] });

    const missing = await call(t.app, admin, 'POST', '/api/master-setting/rooms', { name: 'R1' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ university_id: ['required'] });

    const unknown = await call(t.app, admin, 'POST', '/api/master-setting/rooms', {
      name: 'R1',
      university_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ university_id: ['invalid'] });

    const blank = await call(t.app, admin, 'POST', '/api/master-setting/subjects', { name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ name: ['required'] });
  });

  it('refuses a year code whose faculty belongs to another university', async () => {
    const first = await createMasterRow(t.app, admin, 'universities', { name: 'First' });
    const second = await createMasterRow(t.app, admin, 'universities', { name: 'Second' });
    const faculty = await createMasterRow(t.app, admin, 'faculties', { name: 'F', university_id: second });
    const response = await call(t.app, admin, 'POST', '/api/master-setting/year-codes', {
      name: '2030A',
      university_id: first,
      faculty_id: faculty,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ faculty_id: ['invalid'] });

    const ok = await call(t.app, admin, 'POST', '/api/master-setting/year-codes', {
      name: '2030A',
      university_id: second,
      faculty_id: faculty,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().color).toMatch(/^#[0-9a-f]{6}$/);

    const renamed = await call(t.app, admin, 'POST', `/api/master-setting/year-codes/${ok.json().id}`, {
      name: '2030B',
      university_id: second,
      faculty_id: faculty,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: '2030B', color: ok.json().color });
  });

  it('keeps a class without a university, and keeps its university when an update leaves it out', async () => {
    const universityId = await createMasterRow(t.app, admin, 'universities', { name: 'Class U' });
    const loose = await call(t.app, admin, 'POST', '/api/master-setting/classes', { name: 'Open class' });
    expect(loose.statusCode).toBe(201);
    expect(loose.json().university_id).toBeNull();

    const placed = await createMasterRow(t.app, admin, 'classes', { name: 'A', university_id: universityId });
    const renamed = await call(t.app, admin, 'POST', `/api/master-setting/classes/${placed}`, { name: 'B' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'B', university_id: universityId });
  });

  it('searches by name and university, newest first, with paging', async () => {
    const universityId = await createMasterRow(t.app, admin, 'universities', { name: 'Search U' });
    for (const name of ['Room Alpha', 'Room Beta', 'Room Gamma']) {
      await createMasterRow(t.app, admin, 'rooms', { name, university_id: universityId });
    }
    const page = await call(
      t.app,
      admin,
      'GET',
      `/api/master-setting/rooms/search?university=${universityId}&param=room&limit=2&page=1`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      data: [expect.objectContaining({ name: 'Room Gamma' }), expect.objectContaining({ name: 'Room Beta' })],
      meta: { pagination: { count: 2, current_page: 1, per_page: 2, total: 3, total_pages: 2 } },
    });
    const past = await call(
      t.app,
      admin,
      'GET',
      `/api/master-setting/rooms/search?university=${universityId}&page=9`,
    );
    expect(past.json().meta.pagination).toMatchObject({ count: 0, total: 3 });

    const badFilter = await call(t.app, admin, 'GET', '/api/master-setting/universities/search?university=x');
    expect(badFilter.statusCode).toBe(422);
    expect(badFilter.json().errors).toEqual({ university: ['unknown_field'] });
  });
});
