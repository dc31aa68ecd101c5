import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { localeOrDefault } from '../../../domain/locales';
import {
  isMailedNotification,
  NOTIFICATIONS_PER_PAGE,
  type NotificationMessage,
  type NotificationParams,
  notificationParamsSchema,
} from '../../../domain/notifications';
import { RequestStatus } from '../../../domain/request-status';
import type { NotificationListResponse } from '../../../domain/schemas/notifications';
import { liveGuardianIdsOf } from '../../access/guardians';
import { type AppConfig, appPublicUrl } from '../../config';
import type { Database, Executor, Transaction } from '../../db/client';
import { queryRows, slices } from '../../db/rows';
import { notifications } from '../../db/schema';
import { nextSequence, SyncScope } from '../../db/sequence';
import type { ChangeFeed } from '../../feed/change-feed';
import { notFound } from '../../http-error';
import type { Mailer } from '../../mail/outbox';
import { notificationMail } from '../../mail/templates';
import { writeStamped } from '../../sync/stamped-write';
import { requestHandlers } from './rules/requests';

/** One notification to send; `params` says what it is about (null: nothing in particular). */
export interface NewNotification {
  userId: string;
  message: NotificationMessage;
  url: string;
  params?: NotificationParams | null;
}

/** Where notification mail goes: the outbox, and the origin of the links in it. */
export interface NotificationMail {
  mailer: Mailer;
  publicUrl: string;
}

const recipientSchema = z.object({
  id: z.string(),
  email: z.string(),
  web: z.boolean(),
  mail: z.boolean(),
  locale: z.string(),
});

/**
 * Stores notifications inside the caller's transaction, for users whose web notifications are on, and queues
 * a mail of the mailed kinds (`MAILED_NOTIFICATIONS`) for users whose mail switch is on; no settings row
 * means the defaults, both on. Returns the users given a web notification, for the caller to publish after
 * its commit (and to kick the mailer, which sends once the transaction has committed).
 */
export async function insertNotifications(
  tx: Transaction,
  items: readonly NewNotification[],
  now: Date,
  mail?: NotificationMail,
): Promise<string[]> {
  if (items.length === 0) return [];
  const userIds = [...new Set(items.map((item) => item.userId))];
  const recipients = await queryRows(
    tx,
    sql`select u.id::text as id, u.email, u.locale, coalesce(ns.web, true) as web, coalesce(ns.mail, true) as mail
        from users u left join notification_settings ns on ns.user_id = u.id
        where not u.deleted and u.id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    recipientSchema,
  );
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  if (mail) {
    for (const item of items) {
      const recipient = byId.get(item.userId);
      if (!recipient?.mail || !isMailedNotification(item.message)) continue;
      const link = `${mail.publicUrl}/admin${item.url}`;
      await mail.mailer.enqueue(
        tx,
        notificationMail(recipient.email, localeOrDefault(recipient.locale), item.message, link),
        now,
      );
    }
  }
  const wanted = items.filter((item) => byId.get(item.userId)?.web === true);
  if (wanted.length === 0) return [];
  const seq = await nextSequence(tx, SyncScope.notifications);
  for (const slice of slices(wanted)) {
    await tx.insert(notifications).values(
      slice.map((item) => ({
        userId: item.userId,
        message: item.message,
        url: item.url,
        params: item.params ?? null,
        seq,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  return [...new Set(wanted.map((item) => item.userId))];
}

/** What sending notifications needs; without `mail` nothing is mailed (tests of the web side). */
export interface NotifyDeps {
  db: Database;
  feed: ChangeFeed;
  now: () => Date;
  mail?: NotificationMail;
}

/** The notification deps of the app: its database, feed and clock, and mail through its outbox. */
export function notifyDepsOf(
  // Spelled out rather than taken from AppDeps: deps.ts names this module's card refresh queue, and a type
  // import back would tie the two into a loop.
  deps: NotifyDeps & { mailer: Mailer; config: AppConfig },
): NotifyDeps {
  return { ...deps, mail: { mailer: deps.mailer, publicUrl: appPublicUrl(deps.config) } };
}

/** Sends notifications in their own transaction, then pushes a change to the users notified and mails. */
export async function sendNotifications(
  deps: NotifyDeps,
  items: readonly NewNotification[],
): Promise<string[]> {
  const notified = await deps.db.transaction((tx) => insertNotifications(tx, items, deps.now(), deps.mail));
  deps.mail?.mailer.kick();
  if (notified.length > 0) await deps.feed.publishChange(['notifications'], notified);
  return notified;
}

const aboutRequestSchema = notificationParamsSchema.extend({
  student_id: z.string(),
  student_user_id: z.string(),
  status: z.number(),
});

/**
 * What a request's notifications say it is about: its student, subject, class, option and the day of its
 * sitting, with the student's account and the request's status. Undefined when the request is gone.
 */
async function requestAbout(db: Executor, requestId: string) {
  const [row] = await queryRows(
    db,
    sql`select s.id::text as student_id, su.id::text as student_user_id, r.status::int as status, su.name as "studentName",
          sn.name as "subjectName", cn.name as "className", r.option::int as "requestOption", sch.day::text as day
        from requests r
        join students s on s.id = r.student_id
        join users su on su.id = s.user_id
        join subjects sub on sub.id = r.subject_id
        join subject_names sn on sn.id = sub.subject_name_id
        left join subject_classes c on c.id = r.class_id
        left join class_names cn on cn.id = c.class_name_id
        left join schedules sch on sch.id = r.schedule_id
        where r.id = ${requestId}`,
    aboutRequestSchema,
  );
  return row;
}

/**
 * The notifications of a request event, each naming the request (who, which subject and class, which kind)
 * and linking its detail: a new request goes to the staff who handle it (the teachers of its class); an
 * accepted or rejected one goes to the student it is about and to their live guardians (issue 43: whoever of
 * them filed it). Other statuses notify nobody.
 */
export async function requestEventNotifications(
  db: Executor,
  requestId: string,
  event: 'created' | 'decided',
): Promise<NewNotification[]> {
  const url = `/requests/${requestId}`;
  const about = await requestAbout(db, requestId);
  if (!about) return [];
  const { student_id: studentId, student_user_id: studentUserId, status, ...params } = about;
  if (event === 'created') {
    const handlers = await requestHandlers(db, { scope: 'all' }, requestId);
    return [...new Set(handlers.map((row) => row.user_id))].map((userId) => ({
      userId,
      message: 'notification_request_created',
      url,
      params,
    }));
  }
  const message =
    status === RequestStatus.accepted
      ? 'notification_request_approved'
      : status === RequestStatus.rejected
        ? 'notification_request_rejected'
        : null;
  if (message === null) return [];
  const told = [studentUserId, ...(await liveGuardianIdsOf(db, [studentId]))];
  return told.map((userId) => ({ userId, message, url, params }));
}

/** Call after a request was created, accepted or rejected (and committed): notifies whom it concerns. */
export async function notifyRequestEvent(
  deps: NotifyDeps,
  requestId: string,
  event: 'created' | 'decided',
): Promise<string[]> {
  return sendNotifications(deps, await requestEventNotifications(deps.db, requestId, event));
}

/** Call after a user's account changed (role, password reset, details): tells the user, linking the profile. */
export function notifyAccountChange(deps: NotifyDeps, userId: string): Promise<string[]> {
  return sendNotifications(deps, [{ userId, message: 'notification_account_changed', url: '/profile' }]);
}

/** `GET /api/notification`: the user's notifications, newest first, one page, with totals. */
export async function listNotifications(
  db: Database,
  userId: string,
  page: number,
): Promise<NotificationListResponse> {
  const mine = and(eq(notifications.userId, userId), eq(notifications.deleted, false));
  const rows = await db
    .select()
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.seq), desc(notifications.id))
    .limit(NOTIFICATIONS_PER_PAGE)
    .offset((page - 1) * NOTIFICATIONS_PER_PAGE);
  const [total] = await db.select({ value: count() }).from(notifications).where(mine);
  const [unread] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(mine, isNull(notifications.readAt)));
  return {
    total: total?.value ?? 0,
    current_page: page,
    unread: unread?.value ?? 0,
    data: rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      read_at: row.readAt?.toISOString() ?? null,
      data: { message: row.message, url: row.url, params: row.params ?? null },
    })),
  };
}

/** `POST /api/notification/read`: marks one of the user's notifications read; 404 for anyone else's. */
export async function markRead(deps: NotifyDeps, userId: string, id: string): Promise<void> {
  await writeStamped(deps, 'notifications', async (tx, seq) => {
    const [row] = await tx
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(
        and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.deleted, false)),
      );
    if (!row) throw notFound();
    if (row.readAt) return { result: undefined, audience: null };
    const now = deps.now();
    await tx.update(notifications).set({ readAt: now, updatedAt: now, seq }).where(eq(notifications.id, id));
    return { result: undefined, audience: [userId] };
  });
}

/** `POST /api/notification/readAll`: marks every unread notification of the user read. */
export async function markAllRead(deps: NotifyDeps, userId: string): Promise<number> {
  return writeStamped(deps, 'notifications', async (tx, seq) => {
    const unread = and(
      eq(notifications.userId, userId),
      eq(notifications.deleted, false),
      isNull(notifications.readAt),
    );
    const [pending] = await tx.select({ value: count() }).from(notifications).where(unread);
    if (!pending?.value) return { result: 0, audience: null };
    const now = deps.now();
    const rows = await tx
      .update(notifications)
      .set({ readAt: now, updatedAt: now, seq })
      .where(unread)
      .returning({ id: notifications.id });
    return { result: rows.length, audience: rows.length > 0 ? [userId] : null };
  });
}
