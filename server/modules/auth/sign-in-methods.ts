import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { SignInMethods } from '../../../domain/schemas/auth-provider';
import type { Actor } from '../../access/actor';
import { peopleReadScope } from '../../access/users';
import type { Executor } from '../../db/client';
import { authAttempts, passkeys, providerLinks, users } from '../../db/schema';
import { notFound } from '../../http-error';
import { AttemptKind } from './limits';

/**
 * How an account signs in (`GET /api/users/:userId/sign-in-methods`), for the person's screen: its password,
 * its latest sign-in, the identity provider's account it signed in with, and its passkeys. One query per way
 * of signing in.
 */
export async function signInMethodsOf(db: Executor, actor: Actor, userId: string): Promise<SignInMethods> {
  const [user] = await db
    .select({ email: users.email, mustChangePassword: users.mustChangePassword })
    .from(users)
    .where(and(eq(users.id, userId), peopleReadScope(actor, sql`${users}`, sql`${users}`)))
    .limit(1);
  if (!user) throw notFound();
  const [latest] = await db
    .select({ at: authAttempts.createdAt })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, AttemptKind.loginSuccess), eq(authAttempts.subject, user.email)))
    .orderBy(desc(authAttempts.createdAt))
    .limit(1);
  const [link] = await db.select().from(providerLinks).where(eq(providerLinks.userId, userId)).limit(1);
  const [keys] = await db
    .select({ count: count(), lastUsedAt: max(passkeys.lastUsedAt) })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return {
    must_change_password: user.mustChangePassword,
    last_sign_in_at: latest?.at.toISOString() ?? null,
    provider: link
      ? {
          issuer: link.issuer,
          subject: link.subject,
          email: link.email,
          first_sign_in_at: link.firstSignInAt.toISOString(),
          last_sign_in_at: link.lastSignInAt.toISOString(),
        }
      : null,
    passkeys: { count: keys?.count ?? 0, last_used_at: keys?.lastUsedAt?.toISOString() ?? null },
  };
}
