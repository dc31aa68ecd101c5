import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FieldError } from '../../../domain/errors';
import type { MasterDataResponse, MasterSettingSegment } from '../../../domain/master';
import { Role } from '../../../domain/roles';
import type {
  MasterSearchQuery,
  MasterSearchResponse,
  MasterSettingWriteFor,
} from '../../../domain/schemas/master-setting';
import type { Database, Executor, Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { faculties, users } from '../../db/schema';
import { notFound, validationFailed } from '../../http-error';
import type { ChangeFeed } from '../../sync/change-feed';
import { writeStamped } from '../../sync/stamped-write';
import {
  MASTER_KINDS,
  MASTER_TABLES,
  type MasterRow,
  masterRowSchema,
  masterRowsOf,
  masterRowsOfKinds,
  toMasterItem,
} from './kinds';
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
    .where(inArray(users.role, [Role.teacher, Role.admin, Role.student]))
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
  if (query.university) conditions.push(sql`m.university_id = ${query.university}`);
  if (query.subjectNameId) conditions.push(sql`m.subject_name_id = ${query.subjectNameId}`);
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
    meta: {
      pagination: {
        count: rows.length,
        current_page: query.page,
        per_page: query.limit,
        total,
        total_pages: Math.ceil(total / query.limit),
      },
    },
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

async function readItem(db: Executor, kind: MasterRow['kind'], id: string): Promise<MasterItem> {
  const [row] = await queryRows(
    db,
    sql`select * from (${masterRowsOf(kind)}) as m where m.id = ${id}`,
    masterRowSchema,
  );
  if (!row) throw notFound();
  return toMasterItem(row);
}

/** Refuses references to rows that do not exist or are deleted, and a faculty of another university. */
async function checkReferences(tx: Transaction, references: MasterReference[]): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const reference of references) {
    const { table } = MASTER_TABLES[reference.kind];
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, reference.id), eq(table.deleted, false)))
      .limit(1);
    if (!row) errors[reference.field] = [FieldError.invalid];
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
function writeMaster<T>(deps: MasterWriteDeps, work: (tx: Transaction, seq: number) => Promise<T>) {
  return writeStamped(deps, 'master', async (tx, seq) => ({
    result: await work(tx, seq),
    audience: 'all',
  }));
}

/** `POST /api/master-setting/{segment}`: creates a row and returns it. */
export async function createMaster<S extends MasterSettingSegment>(
  deps: MasterWriteDeps,
  segment: S,
  input: MasterSettingWriteFor<S>,
): Promise<MasterItem> {
  const writer = SEGMENT_WRITERS[segment];
  return writeMaster(deps, async (tx, seq) => {
    await checkReferences(tx, writer.references(input));
    const id = await writer.insert(tx, input, { seq, now: deps.now() });
    return readItem(tx, writer.kind, id);
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
  return writeMaster(deps, async (tx, seq) => {
    await checkReferences(tx, writer.references(input));
    if (!(await writer.update(tx, id, input, { seq, now: deps.now() }))) throw notFound();
    return readItem(tx, writer.kind, id);
  });
}

/**
 * `DELETE /api/master-setting/{segment}/{id}`: a soft delete with a new sequence, so replicas learn of it
 * through the pull; 404 when there is no live row.
 */
export async function deleteMaster(
  deps: MasterWriteDeps,
  segment: MasterSettingSegment,
  id: string,
): Promise<void> {
  const { table } = MASTER_TABLES[SEGMENT_WRITERS[segment].kind];
  await writeMaster(deps, async (tx, seq) => {
    const rows = await tx
      .update(table)
      .set({ deleted: true, seq, updatedAt: deps.now() })
      .where(and(eq(table.id, id), eq(table.deleted, false)))
      .returning({ id: table.id });
    if (rows.length === 0) throw notFound();
  });
}
