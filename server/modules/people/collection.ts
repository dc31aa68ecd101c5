import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type PersonDoc, personDocSchema } from '../../../domain/sync-docs';
import { classScopeVersion } from '../../access/classes';
import { peopleGuardianScopeVersion, peopleReadScope, personEmailFor } from '../../access/users';
import type { SyncCollectionDef } from '../../sync/engine';

const personRowSchema = z.object({
  id: z.string(),
  role: z.number().int(),
  name: z.string(),
  name_kana: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  retire_at: z.string().nullable(),
  deactivated: z.boolean(),
  student_id: z.string().nullable(),
  identity: z.string().nullable(),
  university_id: z.string().nullable(),
  faculty_id: z.string().nullable(),
  year_code_id: z.string().nullable(),
  seq: z.coerce.number().int(),
  deleted: z.boolean(),
});

type PersonRow = z.infer<typeof personRowSchema>;

/** The shape of the people documents, as part of the scope version: raised when a field is added to them. */
const PEOPLE_SHAPE = 'email';

/**
 * `people`: users with their student profile, pull only (accounts change through the REST calls). A row's
 * sequence is the later of its user and student rows, so a change to either reaches the client.
 */
export const peopleCollection: SyncCollectionDef<PersonDoc, PersonRow> = {
  name: 'people',
  docSchema: personDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.people.pull,
  // A teacher sees the students of their classes: assignments and enrolments decide the scope. The version
  // also names the documents' shape: a device that pulled people before they carried staff e-mails (issue 42
  // row 9) holds a checkpoint of another version, so its next pull starts over and brings them.
  // Guardians' cards (issue 43) come and go with the links of the students the user reaches: their version too.
  scopeVersion: (actor) =>
    sql`select ${PEOPLE_SHAPE}::text || '.' || v.version || '.' || g.version as version
      from (${classScopeVersion(actor)}) as v, (${peopleGuardianScopeVersion(actor)}) as g`,
  scope: (actor) => sql`select u.id::text as id, u.role::int as role, u.name, u.name_kana,
      ${personEmailFor(actor)} as email, u.avatar,
      u.retire_at::text as retire_at, u.deactivated_at is not null as deactivated, s.id::text as student_id, s.identity, s.university_id::text as university_id,
      s.faculty_id::text as faculty_id, s.year_code_id::text as year_code_id,
      greatest(u.seq, coalesce(s.seq, 0)) as seq, (u.deleted or coalesce(s.deleted, false)) as deleted
      from users u left join students s on s.user_id = u.id
      where ${peopleReadScope(actor)}`,
  // A class sheet waiting for its students' names asks for them by student id.
  askedBy: 'student_id',
  rowSchema: personRowSchema,
  toDoc: (row) => ({
    id: row.id,
    role: row.role,
    name: row.name,
    nameKana: row.name_kana,
    email: row.email,
    avatar: row.avatar,
    retireAt: row.retire_at,
    deactivated: row.deactivated,
    studentId: row.student_id,
    identity: row.identity,
    universityId: row.university_id,
    facultyId: row.faculty_id,
    yearCodeId: row.year_code_id,
    updatedAt: row.seq,
    _deleted: row.deleted,
  }),
  push: null,
};
