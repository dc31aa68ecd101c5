import { eq } from 'drizzle-orm';
import type { LoginRequest, LoginResponse } from '../../../domain/auth';
import { ErrorCode } from '../../../domain/errors';
import { isAccountRole } from '../../../domain/roles';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { PasswordHasher } from './passwords';
import { createSession, endSession } from './sessions';

/** The one answer to a wrong email or a wrong password, so the two cannot be told apart. */
export function invalidCredentials(): HttpError {
  return new HttpError(422, {
    message: ErrorCode.invalidCredentials,
    code: ErrorCode.invalidCredentials,
    errors: { email: [ErrorCode.invalidCredentials] },
  });
}

type ProfileRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'role' | 'mustChangePassword'>;

function toLoginResponse(user: ProfileRow): LoginResponse | null {
  if (!isAccountRole(user.role)) return null;
  // The two-step code arrives in a later issue; until then every sign-in counts as verified and trusted.
  return {
    id: user.id,
    name: user.name,
    role: user.role,
    must_change_password: user.mustChangePassword,
    is_trusted: true,
    verified_otp: true,
  };
}

/**
 * Checks the credentials and opens a session. An unknown email still verifies a password (against a dummy
 * hash), so the answer takes as long as for a known one.
 */
export async function login(
  deps: { db: Database; passwords: PasswordHasher; now: () => Date },
  input: LoginRequest & { userAgent: string | undefined; previousSessionId: string | null },
): Promise<{ token: string; profile: LoginResponse }> {
  const [user] = await deps.db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      mustChangePassword: users.mustChangePassword,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.email, input.email.toLowerCase()))
    .limit(1);
  const matches = await deps.passwords.verify(user?.passwordHash, input.password);
  const profile = user && matches ? toLoginResponse(user) : null;
  if (!user || !profile) throw invalidCredentials();

  // A new session on every sign-in: a session id planted before login is never promoted.
  if (input.previousSessionId) await endSession(deps.db, input.previousSessionId);
  const token = await createSession(deps.db, {
    userId: user.id,
    userAgent: input.userAgent,
    now: deps.now(),
  });
  return { token, profile };
}

/** The login answer for an existing user, or null when the user is gone. */
export async function profileOf(db: Database, userId: string): Promise<LoginResponse | null> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ? toLoginResponse(user) : null;
}

/** Ends the session of a sign-out. */
export async function logout(db: Database, sessionId: string): Promise<void> {
  await endSession(db, sessionId);
}
