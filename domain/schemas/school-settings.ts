import { z } from 'zod';
import { ADMINS_ONLY } from '../roles';
import { ValidationCode } from '../validation-codes';
import { booleanSchema, type CallSlice, idSchema, strictObject } from './common';

/**
 * The school's settings that admins change (issue 44): whether a first sign-in with the school's identity
 * provider may create a student account for a verified address no account has (off by default), and the
 * university such a student joins (a student belongs to one; the admin completes the rest of the record).
 */
export const schoolSettingsSchema = z.object({
  provider_creates_students: z.boolean(),
  provider_student_university_id: z.string().nullable(),
});
export type SchoolSettings = z.infer<typeof schoolSettingsSchema>;

/** Body of `POST /api/school-settings`: the whole settings; turning the creation on names the university. */
export const schoolSettingsWriteSchema = strictObject({
  provider_creates_students: booleanSchema,
  provider_student_university_id: idSchema.nullable(),
}).superRefine((value, context) => {
  if (value.provider_creates_students && value.provider_student_university_id === null)
    context.addIssue({
      code: 'custom',
      path: ['provider_student_university_id'],
      message: ValidationCode.required,
    });
});
export type SchoolSettingsWrite = z.infer<typeof schoolSettingsWriteSchema>;

/** The school's settings: admins read and change them. */
export const schoolSettingsCalls = {
  // The school's settings (issue 44: students created on a first provider sign-in): admins alone.
  'GET /api/school-settings': { roles: ADMINS_ONLY, response: schoolSettingsSchema },
  'POST /api/school-settings': {
    roles: ADMINS_ONLY,
    body: schoolSettingsWriteSchema,
    response: schoolSettingsSchema,
  },
} satisfies CallSlice;
