import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { queryRows } from '../db/rows';

// Which rows are a student's own record, table by table: what the record export hands out (GDPR Art. 20,
// docs/access-log.md). Here because it names the enrolment and assignment tables, which only server/access reads.

/** Whose record: the student's row and their account. */
export interface RecordOwner {
  studentId: string;
  userId: string;
}

/** How one table's rows about the owner are found, and the columns never handed out. */
interface RecordTable {
  where: (owner: RecordOwner) => SQL;
  omit?: readonly string[];
}

const ofStudent = (owner: RecordOwner) => sql`student_id = ${owner.studentId}`;
const ofUser = (owner: RecordOwner) => sql`user_id = ${owner.userId}`;

/**
 * Every table that holds a row about a student, and how the export finds theirs (GDPR Art. 20). The export
 * test walks the database's own catalogue for tables naming a person or a student and fails on one that is
 * neither here nor in `NOT_EXPORTED`, so a new table is decided on, not forgotten.
 */
export const RECORD_TABLES: Readonly<Record<string, RecordTable>> = {
  users: { where: (owner) => sql`id = ${owner.userId}`, omit: ['password_hash'] },
  students: { where: (owner) => sql`id = ${owner.studentId}` },
  user_universities: { where: ofUser },
  subject_students: { where: ofStudent },
  class_students: { where: ofStudent },
  attendances: { where: ofStudent },
  attendance_history: {
    where: (owner) =>
      sql`attendance_id in (select id from attendances where student_id = ${owner.studentId})`,
  },
  achievements: { where: ofStudent },
  score_history: {
    where: (owner) =>
      sql`achievement_id in (select id from achievements where student_id = ${owner.studentId})`,
  },
  results: { where: ofStudent },
  result_history: {
    where: (owner) => sql`result_id in (select id from results where student_id = ${owner.studentId})`,
  },
  requests: { where: (owner) => sql`student_id = ${owner.studentId} or filed_by = ${owner.userId}` },
  notes: { where: ofStudent },
  stickies: { where: (owner) => sql`user_id = ${owner.userId} or student_id = ${owner.studentId}` },
  notifications: { where: ofUser },
  notification_settings: { where: ofUser },
  event_rankings: { where: ofUser },
  guardian_links: { where: ofStudent, omit: ['created_by'] },
  access_log: { where: (owner) => sql`student_ids @> array[${owner.studentId}]::uuid[]` },
};

/** Tables that name a person or a student but hold nothing of a student's record, each with why. */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  sessions: 'sign-in secrets: the account screen lists the sessions themselves',
  trusted_devices: 'sign-in secrets (hashes of device tokens)',
  otp_codes: 'sign-in secrets (hashes of one-time codes)',
  password_resets: 'sign-in secrets (hashes of reset tokens)',
  account_locks: 'a counter of failed sign-ins, kept for minutes',
  idempotency_keys: 'stored answers to replayed writes, kept for a day',
  passkeys: 'sign-in keys: the public key of a device, no data about the student',
  passkey_challenges: 'sign-in secrets, kept for minutes',
  provider_links: 'the identity provider account a sign-in is tied to, a sign-in secret',
  push_subscriptions: 'a browser push endpoint, a delivery address with keys',
  schedule_filters: 'a staff screen’s saved filter',
  class_teachers: 'names teachers only',
  schedule_teachers: 'names teachers only',
  memos: 'staff memos, their author a staff member',
  plans: 'lesson plans: the author is staff, contact_to_student a flag naming nobody',
  plan_notes: 'notes on plans by staff',
  plan_history: 'changes to plans by staff',
  events: 'events, created by staff',
  invitations: 'staff invitations',
  highlights: 'message_to_student is one message to every student the highlight matches, about nobody',
  absence_notice_marks: 'a guardian’s marks on absence notices, about the guardian',
  school_settings: 'the school’s settings, naming the admin who last changed them',
};

const jsonRow = z.object({ row: z.record(z.string(), z.unknown()) });

/** Every row of the tables of `RECORD_TABLES` about one student, as JSON objects, by table. */
export async function recordTables(
  db: Executor,
  owner: RecordOwner,
): Promise<Record<string, Record<string, unknown>[]>> {
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const [table, spec] of Object.entries(RECORD_TABLES)) {
    const omitted =
      spec.omit && spec.omit.length > 0
        ? sql` - array[${sql.join(
            spec.omit.map((c) => sql`${c}`),
            sql`, `,
          )}]::text[]`
        : sql``;
    const rows = await queryRows(
      db,
      sql`select to_jsonb(t)${omitted} as row from ${sql.identifier(table)} t where ${spec.where(owner)}`,
      jsonRow,
    );
    tables[table] = rows.map((row) => row.row);
  }
  return tables;
}
