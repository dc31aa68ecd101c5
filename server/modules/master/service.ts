import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FieldError } from '../../../domain/errors';
import type { MasterSettingSegment } from '../../../domain/master';
import { Role } from '../../../domain/roles';
import { pagingBlock } from '../../../domain/schemas/common';
import type {
  MasterDataResponse,
  MasterSearchQuery,
  MasterSearchResponse,
  MasterSettingWriteFor,
  RoomsMultiStoreRequest,
} from '../../../domain/schemas/master-setting';
import { ValidationCode } from '../../../domain/validation-codes';
import { liveUser } from '../../access/users';
import type { Database, Executor, Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { faculties, users } from '../../db/schema';
import type { ChangeFeed } from '../../feed/change-feed';
import { HttpError, notFound, validationFailed } from '../../http-error';
import { writeStamped } from '../../sync/stamped-write';
import {
  MASTER_KINDS,
  MASTER_TABLES,
  type MasterRow,
  masterRowSchema,
  masterRowsOf,
  masterRowsOfKinds,
  toMasterDoc,
  toMasterItem,
} from './kinds';
import { hasDuplicateName, lockMasterKind, masterRowUse } from './usage';
import { type MasterReference, SEGMENT_WRITERS } from './writers';

/** What master writes need. */
export interface MasterWriteDeps {
  db: Database;
  feed: ChangeFeed;
  now: () => Date;
}

type MasterItem = ReturnType<typeof toMasterItem>;

// count(*) is a bigint, which node-postgres hands over as a string.
const totalSchema = z.coerce.number().int();
const rowWithTotalSchema = masterRowSchema.extend({ total: totalSchema });

/** `GET /master-data`: every live master row and the people lists of SPEC §3. */
export async function readMasterData(db: Database): Promise<MasterDataResponse> {
  const rows = await queryRows(
    db,
    sql`select * from (${masterRowsOfKinds(MASTER_KINDS)}) as m where not m.deleted order by m.name, m.id`,
    masterRowSchema,
  );
  const byKind = (kind: MasterRow['kind']) => rows.filter((row) => row.kind === kind).map(toMasterItem);

  const people = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    // Deleted and deactivated people stay only in history (people calls), never in the pickers.
    .where(and(inArray(users.role, [Role.teacher, Role.admin, Role.student]), liveUser(sql`${users}`)))
    .orderBy(asc(users.name), asc(users.id));

  return {
    universities: byKind('universities'),
    year_codes: byKind('yearCodes'),
    subjects: byKind('subjectNames'),
    semesters: byKind('semesters'),
    class_names: byKind('classNames'),
    exam_names: byKind('examNames'),
    rooms: byKind('rooms'),
    faculties: byKind('faculties'),
    teachers: people.filter((person) => person.role === Role.teacher),
    students: people.filter((person) => person.role === Role.student),
    teacher_and_admins: people.filter((person) => person.role === Role.teacher || person.role === Role.admin),
  };
}

/** `GET /api/master-setting/{segment}/search`: live rows of one kind, newest first, one page. */
export async function searchMaster(
  db: Database,
  segment: MasterSettingSegment,
  query: MasterSearchQuery,
): Promise<MasterSearchResponse> {
  const kind = SEGMENT_WRITERS[segment].kind;
  const conditions: SQL[] = [sql`not m.deleted`];
  if (query.param) conditions.push(sql`m.name ilike ${`%${escapeLike(query.param)}%`}`);
  if (query.university) conditions.push(sql`m."universityId" = ${query.university}`);
  if (query.subjectNameId) conditions.push(sql`m."subjectNameId" = ${query.subjectNameId}`);
  const offset = (query.page - 1) * query.limit;

  const rows = await queryRows(
    db,
    sql`select m.*, count(*) over () as total from (${masterRowsOf(kind)}) as m
        where ${sql.join(conditions, sql` and `)}
        order by m.created_at desc, m.seq desc, m.id desc limit ${query.limit} offset ${offset}`,
    rowWithTotalSchema,
  );
  // An empty page past the end carries no window count, so count separately only then.
  const total = rows[0]?.total ?? (await countMaster(db, kind, conditions));
  return {
    data: rows.map(toMasterItem),
    meta: { pagination: pagingBlock(rows.length, query.page, query.limit, total) },
  };
}

async function countMaster(db: Database, kind: MasterRow['kind'], conditions: SQL[]) {
  const [row] = await queryRows(
    db,
    sql`select count(*) as total from (${masterRowsOf(kind)}) as m where ${sql.join(conditions, sql` and `)}`,
    z.object({ total: totalSchema }),
  );
  return row?.total ?? 0;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

async function readRow(db: Executor, kind: MasterRow['kind'], id: string): Promise<MasterRow> {
  const [row] = await queryRows(
    db,
    sql`select * from (${masterRowsOf(kind)}) as m where m.id = ${id}`,
    masterRowSchema,
  );
  if (!row) throw notFound();
  return row;
}

/**
 * The written row as the calls answer it, once it is known not to repeat another's name in its scope (else
 * the write is refused and its transaction rolls back).
 */
async function readWritten(
  tx: Transaction,
  kind: MasterRow['kind'],
  id: string,
  field = 'name',
): Promise<MasterItem> {
  const row = await readRow(tx, kind, id);
  if (await hasDuplicateName(tx, kind, toMasterDoc(row))) {
    throw validationFailed({ [field]: [ValidationCode.duplicateName] });
  }
  return toMasterItem(row);
}

/**
 * Refuses references to rows that do not exist or are deleted, and a faculty of another university. Errors
 * are keyed by `prefix` + field (`rooms.3.` for a row of a multi-store).
 */
async function checkReferences(tx: Transaction, references: MasterReference[], prefix = ''): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const reference of references) {
    const { table } = MASTER_TABLES[reference.kind];
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, reference.id), eq(table.deleted, false)))
      .limit(1);
    if (!row) errors[`${prefix}${reference.field}`] = [FieldError.invalid];
  }
  const university = references.find((reference) => reference.field === 'university_id');
  const faculty = references.find((reference) => reference.field === 'faculty_id');
  if (university && faculty && !errors.faculty_id) {
    const [row] = await tx
      .select({ universityId: faculties.universityId })
      .from(faculties)
      .where(eq(faculties.id, faculty.id));
    if (row?.universityId !== university.id) errors.faculty_id = [FieldError.invalid];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * Runs one master write in a transaction with a fresh `master` sequence, then tells every socket that the
 * master collection changed. The notice goes out only after the commit, so a client that pulls on it finds
 * the row.
 */
function writeMaster<T>(
  deps: MasterWriteDeps,
  kind: MasterRow['kind'],
  work: (tx: Transaction, seq: number) => Promise<T>,
) {
  return writeStamped(deps, 'master', async (tx, seq) => {
    await lockMasterKind(tx, kind);
    return { result: await work(tx, seq), audience: 'all' };
  });
}

/** `POST /api/master-setting/{segment}`: creates a row and returns it. */
export async function createMaster<S extends MasterSettingSegment>(
  deps: MasterWriteDeps,
  segment: S,
  input: MasterSettingWriteFor<S>,
): Promise<MasterItem> {
  const writer = SEGMENT_WRITERS[segment];
  return writeMaster(deps, writer.kind, async (tx, seq) => {
    await checkReferences(tx, writer.references(input));
    const id = await writer.insert(tx, input, { seq, now: deps.now() });
    return readWritten(tx, writer.kind, id);
  });
}

/** `POST /api/master-setting/{segment}/{id}`: updates a live row; 404 when there is none. */
export async function updateMaster<S extends MasterSettingSegment>(
  deps: MasterWriteDeps,
  segment: S,
  id: string,
  input: MasterSettingWriteFor<S>,
): Promise<MasterItem> {
  const writer = SEGMENT_WRITERS[segment];
  return writeMaster(deps, writer.kind, async (tx, seq) => {
    await checkReferences(tx, writer.references(input));
    if (!(await writer.update(tx, id, input, { seq, now: deps.now() }))) throw notFound();
    return readWritten(tx, writer.kind, id);
  });
}

/**
 * `DELETE /api/master-setting/{segment}/{id}`: a soft delete with a new sequence, so replicas learn of it
 * through the pull; 409 naming what still uses the row, 404 when there is no live row.
 */
export async function deleteMaster(
  deps: MasterWriteDeps,
  segment: MasterSettingSegment,
  id: string,
): Promise<void> {
  const kind = SEGMENT_WRITERS[segment].kind;
  const { table } = MASTER_TABLES[kind];
  await writeMaster(deps, kind, async (tx, seq) => {
    const use = await masterRowUse(tx, kind, id);
    if (use) throw new HttpError(409, { message: 'In use', code: use });
    const rows = await tx
      .update(table)
      .set({ deleted: true, seq, updatedAt: deps.now() })
      .where(and(eq(table.id, id), eq(table.deleted, false)))
      .returning({ id: table.id });
    if (rows.length === 0) throw notFound();
  });
}

/**
 * `POST /api/master-setting/rooms/multiStore`: creates every room of the list in one transaction, or none.
 * Each row's refusals are keyed by its place (`rooms.3.name`), all rows checked before answering, so a pasted
 * list comes back with every bad line marked at once.
 */
export async function storeRooms(
  deps: MasterWriteDeps,
  input: RoomsMultiStoreRequest,
): Promise<{ rooms: MasterItem[] }> {
  const writer = SEGMENT_WRITERS.rooms;
  return writeMaster(deps, writer.kind, async (tx, seq) => {
    const errors: Record<string, string[]> = {};
    const created: { index: number; id: string }[] = [];
    for (const [index, room] of input.rooms.entries()) {
      const prefix = `rooms.${index}.`;
      const checked = await refusal(() => checkReferences(tx, writer.references(room), prefix));
      if ('errors' in checked) {
        Object.assign(errors, checked.errors);
        continue;
      }
      created.push({ index, id: await writer.insert(tx, room, { seq, now: deps.now() }) });
    }
    // Duplicates are judged once every row is in, so two new rooms never pass against the old list alone.
    const rooms: MasterItem[] = [];
    for (const { index, id } of created) {
      const room = await refusal(() => readWritten(tx, writer.kind, id, `rooms.${index}.name`));
      if ('errors' in room) Object.assign(errors, room.errors);
      else rooms.push(room.value);
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return { rooms };
  });
}

/** What a check answered, or the field errors it was refused with; any other failure is rethrown. */
async function refusal<T>(
  check: () => Promise<T>,
): Promise<{ value: T } | { errors: Record<string, string[]> }> {
  try {
    return { value: await check() };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 422 && error.body.errors)
      return { errors: error.body.errors };
    throw error;
  }
}

async function liveRows(db: Executor, kind: MasterRow['kind'], where: SQL = sql`true`): Promise<MasterRow[]> {
  return queryRows(
    db,
    sql`select * from (${masterRowsOf(kind)}) as m where not m.deleted and ${where} order by m.name, m.id`,
    masterRowSchema,
  );
}

/** `GET /api/master-setting/universities/universities-faculty`: live universities, each with its faculties. */
export async function readUniversitiesWithFaculties(db: Database) {
  const [universityRows, facultyRows] = [await liveRows(db, 'universities'), await liveRows(db, 'faculties')];
  return {
    universities: universityRows.map((university) => ({
      ...toMasterItem(university),
      faculties: facultyRows.filter((faculty) => faculty.universityId === university.id).map(toMasterItem),
    })),
  };
}

/** `GET /api/master-setting/year-codes/university/{id}/faculty/{id}`: the live year codes of one faculty. */
export async function readFacultyYearCodes(db: Database, universityId: string, facultyId: string) {
  const rows = await liveRows(
    db,
    'yearCodes',
    sql`m."universityId" = ${universityId} and m."facultyId" = ${facultyId}`,
  );
  return { yearCodes: rows.map(toMasterItem) };
}
