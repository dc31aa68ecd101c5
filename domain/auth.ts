import { z } from 'zod';
import { ROLE_LIST } from './roles';

/** The longest accepted password (SPEC §5); login refuses longer input before hashing. */
export const PASSWORD_MAX_LENGTH = 24;
export const PASSWORD_MIN_LENGTH = 8;

/** `POST /api/login` body. */
export const loginRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'required').max(254, 'too_long').pipe(z.email('invalid_email')),
  password: z.string().min(1, 'required').max(128, 'too_long'),
});

export type LoginRequest = z.infer<typeof loginRequestSchema>;

const roleSchema = z.union(ROLE_LIST.map((role) => z.literal(role)));

/**
 * `POST /api/login` answer: the fields of SPEC §3 plus `id`, which names the user's local database.
 */
export const loginResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  must_change_password: z.boolean(),
  is_trusted: z.boolean(),
  verified_otp: z.boolean(),
});

export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The signed-in user the browser keeps in local storage ("the stored user" of SPEC §4). */
export const storedUserSchema = loginResponseSchema;
export type StoredUser = LoginResponse;

/** Header and cookie names of the CSRF double submit. */
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'csrf_token';
export const SESSION_COOKIE = 'sid';
