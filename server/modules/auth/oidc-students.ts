import { eq } from 'drizzle-orm';
import type * as client from 'openid-client';
import { LIMITS } from '../../../domain/limits';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../domain/locales';
import { Role } from '../../../domain/roles';
import { students, users } from '../../db/schema';
import { nextSequence } from '../../db/sequence';
import type { ChangeFeed } from '../../feed/change-feed';
import { lockAccountWrites, publishPeopleChange, unusablePasswordHash } from '../shared/account-writes';
import { liveMasterRows } from '../shared/master-rows';
import type { AuthDeps } from './service';

/** The name a new student gets from the ID token: `name`, else its given and family names, else the address. */
export function studentNameOf(claims: client.IDToken, email: string): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const name =
    text(claims.name) ||
    [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') ||
    email.slice(0, email.indexOf('@'));
  return name.slice(0, LIMITS.nameMaxLength);
}

/** The language of the ID token's `locale` (`vi`, `en-GB`…) when the product has it, else Japanese (SPEC §1). */
export function studentLocaleOf(claims: client.IDToken): Locale {
  const primary = typeof claims.locale === 'string' ? claims.locale.split(/[-_]/)[0]?.toLowerCase() : '';
  return isLocale(primary) ? primary : DEFAULT_LOCALE;
}

/**
 * Creates the student account of a verified address no account has (the school's setting allows it): a
 * student, never another role, of the university the setting names, with a password nobody knows (the
 * "forgot password" link sets one) and its address as the student number until the admins give one. Under
 * the account writes' lock, so two first sign-ins of one address make one account; null when the university
 * is gone.
 */
export async function createProviderStudent(
  deps: Pick<AuthDeps, 'db' | 'passwords'> & { feed: ChangeFeed },
  input: { email: string; claims: client.IDToken; universityId: string },
): Promise<{ id: string } | null> {
  const unusable = await unusablePasswordHash(deps);
  const created = await deps.db.transaction(async (tx) => {
    await lockAccountWrites(tx);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    // Another first sign-in of the same address got there first: that account is the one.
    if (existing) return { id: existing.id, isNew: false };
    if (!(await liveMasterRows(tx, 'universities', [input.universityId])).has(input.universityId))
      return null;
    const seq = await nextSequence(tx);
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        name: studentNameOf(input.claims, input.email),
        role: Role.student,
        passwordHash: unusable,
        locale: studentLocaleOf(input.claims),
        seq,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('provider student not inserted');
    // The student number is the admins' to give; until then the address stands in (a number is unique
    // within its university, and no two accounts share an address).
    await tx
      .insert(students)
      .values({ userId: user.id, identity: input.email, universityId: input.universityId, seq });
    return { id: user.id, isNew: true };
  });
  if (created?.isNew) await publishPeopleChange(deps);
  return created ? { id: created.id } : null;
}
