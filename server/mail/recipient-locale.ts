import { eq } from 'drizzle-orm';
import { type Locale, localeOrDefault } from '../../domain/locales';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/** The language a user's mail is written in: the one they chose in the app, Japanese when none is known. */
export async function recipientLocale(db: Executor, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return localeOrDefault(row?.locale);
}
