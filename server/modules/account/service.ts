import { and, desc, eq, ne } from 'drizzle-orm';
import type { Locale } from '../../../domain/locales';
import { isAccountRole } from '../../../domain/roles';
import type { NotificationSettings, Profile, SessionEntry } from '../../../domain/schemas/auth-account';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Executor } from '../../db/client';
import { notificationSettings as notificationSettingsTable, sessions, users } from '../../db/schema';
import { changeSequence } from '../../db/sequence';
import { notFound, unauthenticated, validationFailed } from '../../http-error';
import { DEFAULT_SESSION_LIFETIME_MS } from '../../plugins/session-store';
import { describeDevice } from '../auth/device';

/** The caller's own details. */
export async function profileDetails(db: Executor, userId: string): Promise<Profile> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      nameKana: users.nameKana,
      phone: users.phone,
      avatar: users.avatar,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !isAccountRole(row.role)) throw unauthenticated();
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    name_kana: row.nameKana,
    phone: row.phone,
    avatar: row.avatar,
    role: row.role,
  };
}

/** Updates name, kana, phone and email; an email another account uses is refused field-wise. */
export async function updateProfile(
  db: Executor,
  userId: string,
  input: { name: string; name_kana: string | null; phone: string | null; email: string },
  now: Date,
): Promise<Profile> {
  const email = input.email.toLowerCase();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  if (taken) throw validationFailed({ email: [ValidationCode.emailTaken] });
  await db
    .update(users)
    .set({
      name: input.name,
      nameKana: input.name_kana,
      phone: input.phone,
      email,
      seq: changeSequence,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  return profileDetails(db, userId);
}

/** Stores a new avatar file name. */
export async function setAvatar(db: Executor, userId: string, fileName: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ avatar: fileName, seq: changeSequence, updatedAt: now })
    .where(eq(users.id, userId));
}

/**
 * The caller's live sessions (within their idle deadline and their lifetime), newest first, each with its
 * device in words' parts, marking the one making the call.
 */
export async function listSessions(
  db: Executor,
  userId: string,
  currentSessionId: string | null,
  now: Date,
  lifetimeMs: number = DEFAULT_SESSION_LIFETIME_MS,
): Promise<SessionEntry[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt));
  const signedInAfter = now.getTime() - lifetimeMs;
  return rows
    .filter((row) => row.expiresAt > now && row.createdAt.getTime() > signedInAfter)
    .map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      user_agent: row.userAgent,
      device: describeDevice(row.userAgent),
      current: row.id === currentSessionId,
    }));
}

/** Ends one of the caller's own sessions; another user's session id is "not found". */
export async function revokeSession(db: Executor, userId: string, sessionId: string): Promise<void> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound();
}

/** The caller's notification choices; both on until changed. */
export async function notificationSettings(db: Executor, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ web: notificationSettingsTable.web, mail: notificationSettingsTable.mail })
    .from(notificationSettingsTable)
    .where(eq(notificationSettingsTable.userId, userId))
    .limit(1);
  return row ?? { web: true, mail: true };
}

/** Saves the caller's notification choices. */
export async function saveNotificationSettings(
  db: Executor,
  userId: string,
  settings: NotificationSettings,
  now: Date,
): Promise<NotificationSettings> {
  await db
    .insert(notificationSettingsTable)
    .values({ userId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettingsTable.userId, set: { ...settings, updatedAt: now } });
  return settings;
}

/** Remembers the language the caller chose in the app: their mail is written in it. */
export async function saveLanguage(db: Executor, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}
