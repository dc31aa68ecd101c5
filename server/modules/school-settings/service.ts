import { eq } from 'drizzle-orm';
import { FieldError } from '../../../domain/errors';
import type { SchoolSettings, SchoolSettingsWrite } from '../../../domain/schemas/school-settings';
import type { Actor } from '../../access/actor';
import { requireSchoolSettings } from '../../access/school-settings';
import type { Executor } from '../../db/client';
import { schoolSettings } from '../../db/schema';
import { validationFailed } from '../../http-error';
import { liveMasterRows } from '../shared/master-rows';

/** The settings of a school that never changed them: no student is created by a provider sign-in. */
const DEFAULT_SETTINGS: SchoolSettings = {
  provider_creates_students: false,
  provider_student_university_id: null,
};

/**
 * The school's settings as stored, or the defaults. Read by the provider sign-in too (no actor: the server
 * itself decides), so the access check is the calls' own.
 */
export async function currentSchoolSettings(db: Executor): Promise<SchoolSettings> {
  const [row] = await db.select().from(schoolSettings).where(eq(schoolSettings.id, 1)).limit(1);
  if (!row) return DEFAULT_SETTINGS;
  return {
    provider_creates_students: row.providerCreatesStudents,
    provider_student_university_id: row.providerStudentUniversityId,
  };
}

/** `GET /api/school-settings`. */
export async function readSchoolSettings(db: Executor, actor: Actor): Promise<SchoolSettings> {
  requireSchoolSettings(actor, 'read');
  return currentSchoolSettings(db);
}

/**
 * `POST /api/school-settings`: the whole settings at once; the university new students join must be a live
 * one (a removed university is refused like an unknown one).
 */
export async function writeSchoolSettings(
  db: Executor,
  actor: Actor,
  body: SchoolSettingsWrite,
  now: Date,
): Promise<SchoolSettings> {
  requireSchoolSettings(actor, 'write');
  const universityId = body.provider_student_university_id;
  if (universityId !== null) {
    if (!(await liveMasterRows(db, 'universities', [universityId])).has(universityId))
      throw validationFailed({ provider_student_university_id: [FieldError.invalid] });
  }
  const values = {
    providerCreatesStudents: body.provider_creates_students,
    providerStudentUniversityId: universityId,
    updatedAt: now,
    updatedBy: actor.id,
  };
  await db
    .insert(schoolSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: schoolSettings.id, set: values });
  return currentSchoolSettings(db);
}
