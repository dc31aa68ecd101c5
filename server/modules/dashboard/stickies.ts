import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode } from '../../../domain/errors';
import {
  HighlightType,
  highlightCompareSchema,
  highlightConditionSchema,
  highlightTypeSchema,
} from '../../../domain/highlights';
import { lessonTypeSchema } from '../../../domain/lessons';
import { type AccountRole, Role } from '../../../domain/roles';
import { pageMeta } from '../../../domain/schemas/common';
import type {
  Sticky,
  StickyClassesResponse,
  StickyDetailResponse,
  StickyListResponse,
} from '../../../domain/schemas/stickies';
import {
  mayCloseSticky,
  StickyStatus,
  StickyType,
  stickyStatusSchema,
  stickyTypeSchema,
} from '../../../domain/stickies';
import { stickyDocSchema } from '../../../domain/sync-docs';
import { stickyReadScope } from '../../access/stickies';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import { stickies } from '../../db/schema';
import type { ChangeFeed } from '../../feed/change-feed';
import { forbidden, HttpError, notFound } from '../../http-error';
import { docFieldColumns, isoTime, SYNC_DOC_FIELDS } from '../../sync/doc-fields';
import { writeStamped } from '../../sync/stamped-write';
import { type EntryItem, missingAchievementItems, missingAttendanceItems } from './rules/entry';
import { highlightHits } from './rules/highlights';
import { notePlanItems, type PlanItem, unplannedItems } from './rules/plans';
import { type RuleContext, ruleContext } from './rules/types';

/**
 * A card's one field list: each field of its document (`stickyDocSchema`, the `stickies` collection's) and its
 * column among the card's joins of `STICKY_JOINS`. The sync's page and the REST list and detail read cards
 * through it, so a field is shaped once; the typecheck holds it to the schema.
 */
const STICKY_FIELD_COLUMNS = {
  id: sql`st.id::text`,
  type: sql`st.type::int`,
  content: sql`st.content`,
  createdAt: isoTime(sql`st.created_at`),
  subjectId: sql`st.subject_id::text`,
  subjectName: sql`sn.name`,
  yearCodeName: sql`yc.name`,
  lessonId: sql`st.lesson_id::text`,
  lessonName: sql`l.name`,
  lessonType: sql`l.type::int`,
  classId: sql`st.class_id::text`,
  className: sql`cn.name`,
  scheduleId: sql`st.schedule_id::text`,
  roomName: sql`rm.name`,
  highlightId: sql`st.highlight_id::text`,
  highlightType: sql`h.type::int`,
  conditionType: sql`h.condition_type::int`,
  compareType: sql`h.compare_type::int`,
  highlightValue: sql`h.value::float8`,
  messageToStudent: sql`h.message_to_student`,
  planId: sql`st.plan_id::text`,
  // The plan's student-contact links, in their order; a card without a plan has none.
  contactUrls: sql`coalesce((select json_agg(c.entry ->> 'url' order by c.n)
    from jsonb_array_elements(p.contact_to_student) with ordinality as c(entry, n)), '[]'::json)`,
  memoId: sql`st.memo_id::text`,
  requestId: sql`st.request_id::text`,
  studentId: sql`st.student_id::text`,
  studentIdentity: sql`stu.identity`,
  studentName: sql`su.name`,
};

/** The card (alias `st`) and the rows whose names it shows. */
const STICKY_JOINS = sql`from stickies st
    left join subjects sub on sub.id = st.subject_id
    left join subject_names sn on sn.id = sub.subject_name_id
    left join year_codes yc on yc.id = st.year_code_id
    left join lessons l on l.id = st.lesson_id
    left join subject_classes sc on sc.id = st.class_id
    left join class_names cn on cn.id = sc.class_name_id
    left join schedules sch on sch.id = st.schedule_id
    left join rooms rm on rm.id = sch.room_id
    left join highlights h on h.id = st.highlight_id
    left join plans p on p.id = st.plan_id
    left join students stu on stu.id = st.student_id
    left join users su on su.id = stu.user_id`;

/**
 * `select <the card's document fields>, <extra> from <the card and its joins>`: the list call, the detail
 * call and the `stickies` sync collection read cards through it (`extra` starts with a comma).
 */
export function stickyColumns(extra: SQL): SQL {
  return sql`select ${docFieldColumns(stickyDocSchema, STICKY_FIELD_COLUMNS)} ${extra} ${STICKY_JOINS}`;
}

/**
 * A card as the REST calls read it: its document's fields with the codes the card answer declares (rows only
 * ever hold codes the rules wrote), and the status the document does not carry (a closed card syncs as
 * deleted).
 */
const stickyRowSchema = stickyDocSchema.omit(SYNC_DOC_FIELDS).extend({
  type: stickyTypeSchema,
  status: stickyStatusSchema,
  lessonType: lessonTypeSchema.nullable(),
  highlightType: highlightTypeSchema.nullable(),
  conditionType: highlightConditionSchema.nullable(),
  compareType: highlightCompareSchema.nullable(),
});
const rowSchema = stickyRowSchema.extend({ total: z.coerce.number().int() });
/** A card row with the names it shows. */
type StickyRow = z.infer<typeof stickyRowSchema>;

function selectStickies(where: SQL, tail: SQL): SQL {
  return sql`${stickyColumns(sql`, st.status::int as status, count(*) over () as total`)} where ${where} ${tail}`;
}

function toItem(row: StickyRow): Sticky {
  const message = { highlights: { message_to_student: row.messageToStudent } };
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    content: row.content,
    created_at: row.createdAt,
    year_code: row.yearCodeName === null ? null : { code_name: row.yearCodeName },
    subject:
      row.subjectId === null
        ? null
        : {
            id: row.subjectId,
            name: row.subjectName ?? '',
            highlightAttendance:
              row.highlightId !== null && row.highlightType === HighlightType.attendance ? message : null,
            highlightAchievement:
              row.highlightId !== null && row.highlightType === HighlightType.achievement ? message : null,
          },
    lesson:
      row.lessonId === null
        ? null
        : { id: row.lessonId, name: row.lessonName ?? '', type: row.lessonType ?? 0 },
    class: row.classId === null ? null : { id: row.classId, name: row.className ?? '' },
    schedule:
      row.scheduleId === null
        ? null
        : { id: row.scheduleId, room: row.roomName === null ? null : { name: row.roomName } },
    highlight:
      row.highlightId === null
        ? null
        : {
            type: row.highlightType ?? 0,
            condition_type: row.conditionType ?? 0,
            compare_type: row.compareType ?? 0,
            value: row.highlightValue ?? 0,
          },
    plan:
      row.planId === null
        ? null
        : { id: row.planId, contact_to_student: row.contactUrls.map((url) => ({ url })) },
    memo_id: row.memoId,
    request_id: row.requestId,
    student:
      row.studentId === null
        ? null
        : { id: row.studentId, identity: row.studentIdentity ?? '', name: row.studentName ?? '' },
  };
}

/** A signed-in user as the sticky services need it. */
export interface StickyUser {
  id: string;
  role: AccountRole;
}

/** `GET /api/sticky`: the user's open cards, newest first, `numberSticky` per page. */
export async function listStickies(
  db: Database,
  user: StickyUser,
  page: number,
  perPage: number,
): Promise<StickyListResponse> {
  const where = sql`${stickyReadScope(user)} and not st.deleted and st.status = ${StickyStatus.open}`;
  const rows = await queryRows(
    db,
    selectStickies(
      where,
      sql`order by st.created_at desc, st.seq desc, st.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    rowSchema,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [row] = await queryRows(
      db,
      sql`select count(*) as total from stickies st where ${where}`,
      z.object({ total: z.coerce.number().int() }),
    );
    total = row?.total ?? 0;
  }
  // The sticky list leaves `next` out on its last page (`links: {}`), the form its clients read.
  const next = page * perPage < total ? `/api/sticky?page=${page + 1}&numberSticky=${perPage}` : undefined;
  return { data: rows.map(toItem), meta: { pagination: pageMeta(rows.length, page, perPage, total, next) } };
}

/** One live card of the user (open or closed) that their role may see; 404 otherwise, foreign ids included. */
async function ownSticky(db: Database, user: StickyUser, id: string): Promise<StickyRow> {
  const [row] = await queryRows(
    db,
    selectStickies(sql`st.id = ${id} and ${stickyReadScope(user)} and not st.deleted`, sql``),
    rowSchema,
  );
  if (!row) throw notFound();
  return row;
}

function contextFor(subjectId: string, now: Date): RuleContext {
  return ruleContext(now, { subjectId });
}

/** `GET /api/sticky/{id}`: the card and, for a teacher's highlight card, the students it flags now. */
export async function readSticky(
  db: Database,
  user: StickyUser,
  id: string,
  now: Date,
): Promise<StickyDetailResponse> {
  const row = await ownSticky(db, user, id);
  let students: StickyDetailResponse['students'] = [];
  if (
    row.highlightId !== null &&
    row.studentId === null &&
    row.subjectId !== null &&
    user.role !== Role.student
  ) {
    const hit = (await highlightHits(db, contextFor(row.subjectId, now))).find(
      (item) => item.highlight.id === row.highlightId,
    );
    students = (hit?.students ?? []).map(({ id: studentId, identity, name }) => ({
      id: studentId,
      identity,
      name,
    }));
  }
  return { ...toItem(row), students };
}

/** `POST /api/sticky/{id}` with status 1: closes one of the user's open cards. */
export async function closeSticky(
  deps: { db: Database; feed: ChangeFeed; now: () => Date },
  user: StickyUser,
  id: string,
): Promise<Sticky> {
  const row = await ownSticky(deps.db, user, id);
  // The call itself proves the client is online.
  if (!mayCloseSticky(user.role, row.type as StickyType, true)) throw forbidden();
  if (row.status === StickyStatus.closed) return toItem(row);
  return writeStamped(deps, 'stickies', async (tx, seq) => {
    const changed = await tx
      .update(stickies)
      .set({ status: StickyStatus.closed, seq, updatedAt: deps.now() })
      .where(and(eq(stickies.id, id), eq(stickies.deleted, false), eq(stickies.status, StickyStatus.open)))
      .returning({ id: stickies.id });
    if (changed.length === 0) throw new HttpError(409, { message: 'Conflict', code: ErrorCode.conflict });
    return { result: toItem({ ...row, status: StickyStatus.closed }), audience: [user.id] };
  });
}

/** Which list-classes call lists which sticky types, and where its classes come from. */
export const LIST_CLASSES = {
  attendance: { types: [StickyType.attendance], items: missingAttendanceItems, by: 'subject' },
  achievement: { types: [StickyType.achievement], items: missingAchievementItems, by: 'subject' },
  'lesson-plan': {
    types: [StickyType.lessonNotPlan, StickyType.examNotPlan],
    items: unplannedItems,
    by: 'lesson',
  },
  'note-plan': { types: [StickyType.lessonNotePlan], items: notePlanItems, by: 'lesson' },
} as const satisfies Record<
  string,
  {
    types: readonly StickyType[];
    items: (db: Database, context: RuleContext) => Promise<(PlanItem | EntryItem)[]>;
    by: 'subject' | 'lesson';
  }
>;
export type ListClassesKind = keyof typeof LIST_CLASSES;

const classNameSchema = z.object({
  id: z.string(),
  name: z.string(),
  room: z.string().nullable(),
  schedule_id: z.string(),
});

/**
 * The four list-classes calls: the classes (with the sitting and plan to link) behind one of the user's
 * cards, computed now by the card's own rule. A card of another type answers 422 `stickyType`; one of another
 * user 404. An empty list is the `sticky_not_class_*` empty state.
 */
export async function listStickyClasses(
  db: Database,
  user: StickyUser,
  kind: ListClassesKind,
  stickyId: string,
  stickyType: number,
  now: Date,
): Promise<StickyClassesResponse> {
  const row = await ownSticky(db, user, stickyId);
  const family = LIST_CLASSES[kind];
  if (row.type !== stickyType || !(family.types as readonly number[]).includes(row.type)) {
    throw new HttpError(422, {
      message: 'Validation failed',
      code: ErrorCode.validation,
      errors: { stickyType: ['invalid'] },
    });
  }
  if (row.subjectId === null) return { data: [] };
  const items = (await family.items(db, contextFor(row.subjectId, now))).filter(
    (item) => item.user_id === user.id && (family.by === 'subject' || item.lesson_id === row.lessonId),
  );
  const seen = new Set<string>();
  const unique = items.filter((item) => {
    if (seen.has(item.schedule_id)) return false;
    seen.add(item.schedule_id);
    return true;
  });
  if (unique.length === 0) return { data: [] };
  const names = await queryRows(
    db,
    sql`select sc.id, cn.name, rm.name as room, s.id as schedule_id from schedules s
        join subject_classes sc on sc.id = s.class_id join class_names cn on cn.id = sc.class_name_id
        left join rooms rm on rm.id = s.room_id
        where s.id in (${sql.join(
          unique.map((item) => sql`${item.schedule_id}`),
          sql`, `,
        )})`,
    classNameSchema,
  );
  const bySchedule = new Map(names.map((name) => [name.schedule_id, name]));
  return {
    data: unique.map((item) => {
      const name = bySchedule.get(item.schedule_id);
      return {
        id: item.class_id,
        name: name?.name ?? '',
        room: name?.room ?? null,
        schedule_id: item.schedule_id,
        plan_id: item.plan_id,
        lesson_id: item.lesson_id,
        subject_id: item.subject_id,
      };
    }),
  };
}
