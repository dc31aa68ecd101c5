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
import { stickyReadScope } from '../../access/stickies';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import { stickies } from '../../db/schema';
import type { ChangeFeed } from '../../feed/change-feed';
import { forbidden, HttpError, notFound } from '../../http-error';
import { writeStamped } from '../../sync/stamped-write';
import { type EntryItem, missingAchievementItems, missingAttendanceItems } from './rules/entry';
import { highlightHits } from './rules/highlights';
import { notePlanItems, type PlanItem, unplannedItems } from './rules/plans';
import { type RuleContext, ruleContext } from './rules/types';

/** A card with the names it shows, as `stickyColumns` select it. */
export const stickyRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  // The codes as the card answer declares them; rows only ever hold codes the rules wrote.
  type: stickyTypeSchema,
  status: stickyStatusSchema,
  content: z.string().nullable(),
  created_at: z.coerce.date(),
  subject_id: z.string().nullable(),
  subject_name: z.string().nullable(),
  year_code_name: z.string().nullable(),
  lesson_id: z.string().nullable(),
  lesson_name: z.string().nullable(),
  lesson_type: lessonTypeSchema.nullable(),
  class_id: z.string().nullable(),
  class_name: z.string().nullable(),
  schedule_id: z.string().nullable(),
  room_name: z.string().nullable(),
  highlight_id: z.string().nullable(),
  highlight_type: highlightTypeSchema.nullable(),
  condition_type: highlightConditionSchema.nullable(),
  compare_type: highlightCompareSchema.nullable(),
  highlight_value: z.coerce.number().nullable(),
  message_to_student: z.string().nullable(),
  plan_id: z.string().nullable(),
  contact_to_student: z.array(z.object({ url: z.string() })).nullable(),
  memo_id: z.string().nullable(),
  request_id: z.string().nullable(),
  student_id: z.string().nullable(),
  student_identity: z.string().nullable(),
  student_name: z.string().nullable(),
});
const rowSchema = stickyRowSchema.extend({ total: z.coerce.number().int() });
/** A card row with the names it shows. */
export type StickyRow = z.infer<typeof stickyRowSchema>;

/**
 * The columns and joins of a card with the names it shows (alias `st` for the card); the list call, the
 * detail call and the `stickies` sync collection read cards through it.
 */
export function stickyColumns(extra: SQL): SQL {
  return sql`select st.id::text as id, st.user_id, st.type, st.status, st.content, st.created_at, st.subject_id,
      sn.name as subject_name, yc.name as year_code_name, st.lesson_id, l.name as lesson_name,
      l.type as lesson_type, st.class_id, cn.name as class_name, st.schedule_id, rm.name as room_name,
      st.highlight_id, h.type as highlight_type, h.condition_type, h.compare_type, h.value as highlight_value,
      h.message_to_student, st.plan_id, p.contact_to_student, st.memo_id, st.request_id, st.student_id,
      stu.identity as student_identity, su.name as student_name ${extra}
    from stickies st
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
}

function selectStickies(where: SQL, tail: SQL): SQL {
  return sql`${stickyColumns(sql`, count(*) over () as total`)} where ${where} ${tail}`;
}

function toItem(row: StickyRow): Sticky {
  const message = { highlights: { message_to_student: row.message_to_student } };
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    content: row.content,
    created_at: row.created_at.toISOString(),
    year_code: row.year_code_name === null ? null : { code_name: row.year_code_name },
    subject:
      row.subject_id === null
        ? null
        : {
            id: row.subject_id,
            name: row.subject_name ?? '',
            highlightAttendance:
              row.highlight_id !== null && row.highlight_type === HighlightType.attendance ? message : null,
            highlightAchievement:
              row.highlight_id !== null && row.highlight_type === HighlightType.achievement ? message : null,
          },
    lesson:
      row.lesson_id === null
        ? null
        : { id: row.lesson_id, name: row.lesson_name ?? '', type: row.lesson_type ?? 0 },
    class: row.class_id === null ? null : { id: row.class_id, name: row.class_name ?? '' },
    schedule:
      row.schedule_id === null
        ? null
        : { id: row.schedule_id, room: row.room_name === null ? null : { name: row.room_name } },
    highlight:
      row.highlight_id === null
        ? null
        : {
            type: row.highlight_type ?? 0,
            condition_type: row.condition_type ?? 0,
            compare_type: row.compare_type ?? 0,
            value: row.highlight_value ?? 0,
          },
    plan: row.plan_id === null ? null : { id: row.plan_id, contact_to_student: row.contact_to_student ?? [] },
    memo_id: row.memo_id,
    request_id: row.request_id,
    student:
      row.student_id === null
        ? null
        : { id: row.student_id, identity: row.student_identity ?? '', name: row.student_name ?? '' },
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
    row.highlight_id !== null &&
    row.student_id === null &&
    row.subject_id !== null &&
    user.role !== Role.student
  ) {
    const hit = (await highlightHits(db, contextFor(row.subject_id, now))).find(
      (item) => item.highlight.id === row.highlight_id,
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
  if (row.subject_id === null) return { data: [] };
  const items = (await family.items(db, contextFor(row.subject_id, now))).filter(
    (item) => item.user_id === user.id && (family.by === 'subject' || item.lesson_id === row.lesson_id),
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
