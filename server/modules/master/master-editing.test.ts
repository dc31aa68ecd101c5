import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MasterInUseCode } from '../../../domain/master';
import { students, yearCodes } from '../../db/schema';
import { call, createMasterRow, pullAll, push } from '../../testing/calls';
import { createSchoolFixture, type SchoolFixture } from '../../testing/school-fixture';
import { buildTestApp, DEMO_ACCOUNTS, signIn, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let admin: TestSession;
let school: SchoolFixture;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  school = await createSchoolFixture(t.db);
  // The fixture's student sits in its year code, and the year code in its faculty, as in a real school.
  await t.db
    .update(students)
    .set({ yearCodeId: school.yearCodeId, facultyId: school.facultyId })
    .where(eq(students.id, school.studentId));
  await t.db
    .update(yearCodes)
    .set({ facultyId: school.facultyId })
    .where(eq(yearCodes.id, school.yearCodeId));
});

afterAll(async () => {
  await t.close();
});

async function searchNames(segment: string, query: string): Promise<string[]> {
  const response = await call(
    t.app,
    admin,
    'GET',
    `/api/master-setting/${segment}/search?limit=100&${query}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json().data.map((row: { name: string }) => row.name);
}

describe('duplicate names', () => {
  it('refuses a room name already used in the same university, in any width or case, and writes nothing', async () => {
    const universityId = await createMasterRow(t.app, admin, 'universities', { name: 'Dup U' });
    const otherId = await createMasterRow(t.app, admin, 'universities', { name: 'Dup U2' });
    await createMasterRow(t.app, admin, 'rooms', { name: 'Room A1', university_id: universityId });
    const before = await pullAll(t.app, admin, null, 1000);

    for (const name of ['Room A1', 'ＲＯＯＭ　a1', ' room a1 ']) {
      const response = await call(t.app, admin, 'POST', '/api/master-setting/rooms', {
        name,
        university_id: universityId,
      });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors).toEqual({ name: ['duplicate_name'] });
    }
    expect((await pullAll(t.app, admin, before.checkpoint, 1000)).documents).toEqual([]);

    // The scope of a room is its university: the same name elsewhere is another room.
    const elsewhere = await call(t.app, admin, 'POST', '/api/master-setting/rooms', {
      name: 'Room A1',
      university_id: otherId,
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses a rename onto another row’s name but lets a row keep its own', async () => {
    const first = await createMasterRow(t.app, admin, 'subjects', { name: 'Dup Chemistry' });
    const second = await createMasterRow(t.app, admin, 'subjects', { name: 'Dup Biology' });
    const clash = await call(t.app, admin, 'POST', `/api/master-setting/subjects/${second}`, {
      name: 'dup chemistry',
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ name: ['duplicate_name'] });
    expect(await searchNames('subjects', 'param=Dup%20B')).toEqual(['Dup Biology']);

    const same = await call(t.app, admin, 'POST', `/api/master-setting/subjects/${first}`, {
      name: 'Dup Chemistry',
    });
    expect(same.statusCode).toBe(200);
  });

  it('judges a class name by the university it keeps when an update leaves the university out', async () => {
    const universityId = await createMasterRow(t.app, admin, 'universities', { name: 'Class Dup U' });
    await createMasterRow(t.app, admin, 'classes', { name: 'Dup K1', university_id: universityId });
    const other = await createMasterRow(t.app, admin, 'classes', {
      name: 'Dup K2',
      university_id: universityId,
    });
    // A class name without a university is in a scope of its own.
    await createMasterRow(t.app, admin, 'classes', { name: 'Dup K1' });

    const rename = await call(t.app, admin, 'POST', `/api/master-setting/classes/${other}`, {
      name: 'Dup K1',
    });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors).toEqual({ name: ['duplicate_name'] });
  });

  it('two admins adding the same name at once: exactly one is stored', async () => {
    const responses = await Promise.all(
      [1, 2, 3].map(() => call(t.app, admin, 'POST', '/api/master-setting/universities', { name: 'Race U' })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422, 422]);
    expect(await searchNames('universities', 'param=Race%20U')).toEqual(['Race U']);
  });
});

describe('delete of a row in use', () => {
  // What uses each row: [what, segment, the fixture's row, the code naming the use].
  const cases: [string, string, keyof SchoolFixture, MasterInUseCode][] = [
    ['a room with sittings', 'rooms', 'roomId', MasterInUseCode.sittings],
    ['a year code with students', 'year-codes', 'yearCodeId', MasterInUseCode.students],
    ['a subject name with subjects', 'subjects', 'subjectNameId', MasterInUseCode.subjects],
    ['a class name with classes', 'classes', 'classNameId', MasterInUseCode.classes],
    ['an exam name with exams', 'exams', 'examNameId', MasterInUseCode.exams],
    ['a faculty with year codes', 'faculties', 'facultyId', MasterInUseCode.yearCodes],
    ['a university with faculties', 'universities', 'universityId', MasterInUseCode.faculties],
  ];

  for (const [what, segment, key, code] of cases) {
    it(`refuses to delete ${what} with 409 ${code} and leaves it live`, async () => {
      const before = await pullAll(t.app, admin, null, 1000);
      const response = await call(t.app, admin, 'DELETE', `/api/master-setting/${segment}/${school[key]}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'In use', code });
      const after = await pullAll(t.app, admin, before.checkpoint, 1000);
      expect(after.documents).toEqual([]);
    });
  }

  it('deletes a room once its only use is gone', async () => {
    const universityId = await createMasterRow(t.app, admin, 'universities', { name: 'Free U' });
    const roomId = await createMasterRow(t.app, admin, 'rooms', {
      name: 'Free room',
      university_id: universityId,
    });
    const response = await call(t.app, admin, 'DELETE', `/api/master-setting/rooms/${roomId}`);
    expect(response.statusCode).toBe(200);
    const university = await call(t.app, admin, 'DELETE', `/api/master-setting/universities/${universityId}`);
    expect(university.statusCode).toBe(200);
  });
});

describe('the same rules on a sync push', () => {
  it('refuses a pushed delete of a room in use and a pushed duplicate name, and takes a fine rename', async () => {
    const { documents } = await pullAll(t.app, admin, null, 1000);
    const room = documents.find((doc) => doc.id === school.roomId);
    if (!room) throw new Error('fixture room not pulled');
    await createMasterRow(t.app, admin, 'rooms', {
      name: 'Push sibling',
      university_id: school.universityId,
    });

    const refused = await push(t.app, admin, 'master', [
      { newDocumentState: { ...room, _deleted: true }, assumedMasterState: room },
    ]);
    expect(refused.conflicts).toEqual([{ document: room, reason: 'invalid' }]);

    const duplicate = await push(t.app, admin, 'master', [
      { newDocumentState: { ...room, name: 'push SIBLING' }, assumedMasterState: room },
    ]);
    expect(duplicate.conflicts).toEqual([{ document: room, reason: 'invalid' }]);

    const renamed = await push(t.app, admin, 'master', [
      { newDocumentState: { ...room, name: `${room.name} (pushed)` }, assumedMasterState: room },
    ]);
    expect(renamed.conflicts).toEqual([]);
  });
});

describe('rooms multiStore', () => {
  it('adds every room of a list at once, in the order given', async () => {
    const universityId = await createMasterRow(t.app, admin, 'universities', { name: 'Multi U' });
    const names = Array.from({ length: 20 }, (_, index) => `M-${String(index + 1).padStart(2, '0')}`);
    const response = await call(t.app, admin, 'POST', '/api/master-setting/rooms/multiStore', {
      rooms: names.map((name) => ({ name, university_id: universityId })),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().rooms.map((room: { name: string }) => room.name)).toEqual(names);
    expect(await searchNames('rooms', `university=${universityId}`)).toHaveLength(20);
  });

  it('marks every bad row and stores none when one name exists or repeats', async () => {
    const universityId = await createMasterRow(t.app, admin, 'universities', { name: 'Multi U2' });
    await createMasterRow(t.app, admin, 'rooms', { name: 'Taken', university_id: universityId });
    const before = await pullAll(t.app, admin, null, 1000);

    const existing = await call(t.app, admin, 'POST', '/api/master-setting/rooms/multiStore', {
      rooms: [
        { name: 'New 1', university_id: universityId },
        { name: 'taken', university_id: universityId },
        { name: 'New 3', university_id: '00000000-0000-4000-8000-000000000000' },
      ],
    });
    expect(existing.statusCode).toBe(422);
    expect(existing.json().errors).toEqual({
      'rooms.1.name': ['duplicate_name'],
      'rooms.2.university_id': ['invalid'],
    });

    const repeated = await call(t.app, admin, 'POST', '/api/master-setting/rooms/multiStore', {
      rooms: [
        { name: 'Twice', university_id: universityId },
        { name: 'TWICE', university_id: universityId },
      ],
    });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().errors).toEqual({ 'rooms.1.name': ['duplicate_name'] });

    const nul = await call(t.app, admin, 'POST', '/api/master-setting/rooms/multiStore', {
      rooms: [{ name: 'x\u0000', university_id: universityId }],
    });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ 'rooms.0.name': ['invalid'] });
    const extra = await call(t.app, admin, 'POST', '/api/master-setting/rooms/multiStore', {
      rooms: [{ name: 'x', university_id: universityId, color: '#e53935' }],
    });
    expect(extra.json().errors).toEqual({ 'rooms.0.color': ['unknown_field'] });
    const single = await call(t.app, admin, 'POST', '/api/master-setting/subjects', { name: 'Nul\u0000' });
    expect(single.json().errors).toEqual({ name: ['invalid'] });
    const empty = await call(t.app, admin, 'POST', '/api/master-setting/rooms/multiStore', { rooms: [] });
    expect(empty.statusCode).toBe(422);

    expect((await pullAll(t.app, admin, before.checkpoint, 1000)).documents).toEqual([]);
    expect(await searchNames('rooms', `university=${universityId}`)).toEqual(['Taken']);
  });
});

describe('cascade reads', () => {
  it('lists universities with their live faculties, and a faculty’s year codes', async () => {
    const universityId = await createMasterRow(t.app, admin, 'universities', { name: 'Cascade U' });
    const facultyId = await createMasterRow(t.app, admin, 'faculties', {
      name: 'Cascade F',
      university_id: universityId,
    });
    const goneId = await createMasterRow(t.app, admin, 'faculties', {
      name: 'Cascade Gone',
      university_id: universityId,
    });
    await call(t.app, admin, 'DELETE', `/api/master-setting/faculties/${goneId}`);
    const yearCode = { name: 'C2030', university_id: universityId, faculty_id: facultyId, color: '#43a047' };
    const yearCodeId = await createMasterRow(t.app, admin, 'year-codes', yearCode);

    const list = await call(t.app, admin, 'GET', '/api/master-setting/universities/universities-faculty');
    expect(list.statusCode).toBe(200);
    const cascade = list.json().universities.find((row: { id: string }) => row.id === universityId);
    expect(cascade).toEqual({
      id: universityId,
      name: 'Cascade U',
      faculties: [{ id: facultyId, name: 'Cascade F', university_id: universityId }],
    });

    const codes = await call(
      t.app,
      admin,
      'GET',
      `/api/master-setting/year-codes/university/${universityId}/faculty/${facultyId}`,
    );
    expect(codes.statusCode).toBe(200);
    expect(codes.json()).toEqual({ yearCodes: [{ id: yearCodeId, ...yearCode }] });
    const bad = await call(t.app, admin, 'GET', '/api/master-setting/year-codes/university/x/faculty/y');
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a colour outside the palette', async () => {
    const response = await call(t.app, admin, 'POST', '/api/master-setting/year-codes', {
      name: 'Colour',
      university_id: school.universityId,
      faculty_id: school.facultyId,
      color: '#123456',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ color: ['invalid'] });
  });
});

describe('who may call', () => {
  // Only admins (role 2) edit master data (SPEC §6 "/master-setting: only 2"); every other role gets 403.
  const calls: [string, 'GET' | 'POST' | 'DELETE', string, Record<string, unknown>?][] = [
    ['search', 'GET', '/api/master-setting/rooms/search'],
    ['create', 'POST', '/api/master-setting/subjects', { name: 'Matrix subject' }],
    ['multiStore', 'POST', '/api/master-setting/rooms/multiStore', { rooms: [] }],
    ['universities-faculty', 'GET', '/api/master-setting/universities/universities-faculty'],
  ];

  it.each(Object.entries(DEMO_ACCOUNTS).filter(([role]) => role !== 'admin'))(
    '%s is refused every master-setting call with 403',
    async (_role, email) => {
      const session = await signIn(t.app, email);
      for (const [name, method, url, body] of calls) {
        const response = await call(t.app, session, method, url, body);
        expect(response.statusCode, name).toBe(403);
      }
      const update = await call(t.app, session, 'POST', `/api/master-setting/rooms/${school.roomId}`, {
        name: 'x',
        university_id: school.universityId,
      });
      const remove = await call(t.app, session, 'DELETE', `/api/master-setting/rooms/${school.roomId}`);
      const codes = await call(
        t.app,
        session,
        'GET',
        `/api/master-setting/year-codes/university/${school.universityId}/faculty/${school.facultyId}`,
      );
      expect([update.statusCode, remove.statusCode, codes.statusCode]).toEqual([403, 403, 403]);
    },
  );

  it('refuses a caller without a session with 401', async () => {
    const response = await call(t.app, undefined, 'GET', '/api/master-setting/rooms/search');
    expect(response.statusCode).toBe(401);
  });
});
