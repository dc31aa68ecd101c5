import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type PersonDoc, personDocSchema } from '../../../domain/sync-docs';
import type { Actor } from '../../access/actor';
import { classScopeVersion } from '../../access/classes';
import { peopleGuardianScopeVersion, peopleReadScope, personEmailFor } from '../../access/users';
import {
  docFieldColumns,
  docJsonOf,
  SYNC_DOC_FIELDS,
  SYNC_ROW_COLUMNS,
  toDocFields,
} from '../../sync/doc-fields';
import type { SyncCollectionDef } from '../../sync/engine';

const personRowSchema = personDocSchema.omit(SYNC_DOC_FIELDS).extend(SYNC_ROW_COLUMNS);

type PersonRow = z.infer<typeof personRowSchema>;

/**
 * The document's one field list: each field's column of `users u` and its student row `s` as `actor` reads it
 * (staff e-mails for staff only, `personEmailFor`).
 */
const personColumns = (actor: Actor) => ({
  id: sql`u.id::text`,
  role: sql`u.role::int`,
  name: sql`u.name`,
  nameKana: sql`u.name_kana`,
  email: personEmailFor(actor),
  avatar: sql`u.avatar`,
  retireAt: sql`u.retire_at::text`,
  deactivated: sql`(u.deactivated_at is not null)`,
  studentId: sql`s.id::text`,
  identity: sql`s.identity`,
  universityId: sql`s.university_id::text`,
  facultyId: sql`s.faculty_id::text`,
  yearCodeId: sql`s.year_code_id::text`,
});

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
  scope: (actor) => sql`select ${docFieldColumns(personDocSchema, personColumns(actor))},
      greatest(u.seq, coalesce(s.seq, 0)) as seq, (u.deleted or coalesce(s.deleted, false)) as deleted
      from users u left join students s on s.user_id = u.id
      where ${peopleReadScope(actor)}`,
  // A class sheet waiting for its students' names asks for them by student id.
  askedBy: 'studentId',
  rowSchema: personRowSchema,
  toDoc: (row) => toDocFields(row),
  docJson: docJsonOf(personDocSchema),
  push: null,
};
