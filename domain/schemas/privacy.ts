import { z } from 'zod';
import { AccessKind } from '../access-log';
import { ADMINS_ONLY, Role, STUDENTS_ONLY } from '../roles';
import {
  type CallSlice,
  CODE_ERRORS,
  dateTimeSchema,
  idParams,
  idSchema,
  namedRefSchema,
  queryInteger,
  studentRefSchema,
} from './common';

/**
 * The calls of a student's privacy (issue 46, docs/access-log.md): who read a student's record (per student
 * and per staff member for admins; "who looked at my record" for the student), and the whole record out.
 */

/** Paging back through the log: entries before an entry id (newest first), 50 at a time. */
export const accessLogQuerySchema = z.strictObject(
  { before: queryInteger(1, Number.MAX_SAFE_INTEGER).optional() },
  CODE_ERRORS,
);

/** Who read: their account, name and role at the time; null for the server's own jobs. */
export const accessReaderSchema = z
  .object({ id: idSchema, name: z.string(), role: z.number().int() })
  .nullable();

const accessKindSchema = z.enum(AccessKind);

/** What an entry says was read: its kind, the subject it was under if any, and the call or collection. */
const accessWhatSchema = z.object({
  kind: accessKindSchema,
  subject: namedRefSchema.nullable(),
  /** The call key (`GET /api/...`) or the synced collection's name. */
  source: z.string(),
});

/** One entry of a student's access log, as an admin sees it. */
export const accessEntrySchema = accessWhatSchema.extend({
  id: z.number().int(),
  at: dateTimeSchema,
  reader: accessReaderSchema,
  /** How many students the same read covered besides this one (a class sheet, a pull). */
  students_count: z.number().int(),
});

/** A page of entries, newest first, and the `before` of the next page (null at the end). */
export const accessLogPageSchema = z.object({
  entries: z.array(accessEntrySchema),
  next: z.number().int().nullable(),
});

/** One entry of a staff member's reads: the students it named (the first 20) and how many. */
export const staffAccessEntrySchema = accessEntrySchema.extend({ students: z.array(studentRefSchema) });

export const staffAccessLogPageSchema = z.object({
  entries: z.array(staffAccessEntrySchema),
  next: z.number().int().nullable(),
});

/** One entry of "who looked at my record": the reader's name and role, when, what. */
export const myAccessEntrySchema = accessWhatSchema.extend({
  id: z.number().int(),
  at: dateTimeSchema,
  reader: z.object({ name: z.string(), role: z.number().int() }),
});

export const myAccessLogPageSchema = z.object({
  entries: z.array(myAccessEntrySchema),
  next: z.number().int().nullable(),
});

/** A table of the record, as rows of plain values (the export's JSON and its workbook's sheets). */
const recordTableSchema = z.array(z.record(z.string(), z.unknown()));

/**
 * `GET /api/students/{id}/record`: the whole record of one student (GDPR Art. 20), every table that names
 * them, as rows: profile, enrolments, attendance, scores, requests, notes about them, notifications, the
 * access log.
 */
export const studentRecordSchema = z.object({
  exported_at: dateTimeSchema,
  student: z.object({ id: idSchema, identity: z.string(), name: z.string() }),
  tables: z.record(z.string(), recordTableSchema),
});
export type StudentRecordExport = z.infer<typeof studentRecordSchema>;

/** One student the erasure would or did make anonymous. */
export const erasureItemSchema = z.object({
  student_id: idSchema,
  user_id: idSchema,
  left_at: dateTimeSchema,
});

/** `POST /api/erasure/run`: what the erasure did (or, with `dry_run`, would do) now. */
export const erasureResultSchema = z.object({
  dry_run: z.boolean(),
  after_days: z.number().int(),
  students: z.array(erasureItemSchema),
});

export const privacyCalls = {
  // A student's privacy (issue 46, docs/access-log.md): admins read the access log per student and per staff
  // member and run the erasure; a student reads who looked at their own record, and a guardian at each child's
  // (a row rule: `requireOwnOrWard`); admins and the student download the record.
  'GET /api/students/:studentId/access-log': {
    roles: ADMINS_ONLY,
    params: idParams('studentId'),
    query: accessLogQuerySchema,
    response: accessLogPageSchema,
  },
  'GET /api/users/:userId/access-log': {
    roles: ADMINS_ONLY,
    params: idParams('userId'),
    query: accessLogQuerySchema,
    response: staffAccessLogPageSchema,
  },
  'GET /api/me/access-log': {
    roles: STUDENTS_ONLY,
    query: accessLogQuerySchema,
    response: myAccessLogPageSchema,
  },
  'GET /api/students/:studentId/who-looked': {
    roles: [Role.student, Role.guardian],
    params: idParams('studentId'),
    query: accessLogQuerySchema,
    response: myAccessLogPageSchema,
  },
  'GET /api/students/:studentId/record': {
    roles: [Role.admin, Role.student],
    params: idParams('studentId'),
    response: studentRecordSchema,
  },
  'POST /api/erasure/run': {
    roles: ADMINS_ONLY,
    body: z.strictObject({ dry_run: z.boolean(CODE_ERRORS) }, CODE_ERRORS),
    response: erasureResultSchema,
  },
} as const satisfies CallSlice;

export type AccessReadPage = z.input<typeof accessLogPageSchema>;
export type StaffAccessReadPage = z.input<typeof staffAccessLogPageSchema>;
export type MyAccessReadPage = z.input<typeof myAccessLogPageSchema>;
