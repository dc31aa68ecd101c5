import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AbsenceSitting, NotificationMessage } from '../../../domain/notifications';
import { liveGuardiansOf } from '../../access/guardians';
import { appPublicUrl } from '../../config';
import type { Transaction } from '../../db/client';
import { inList, queryRows } from '../../db/rows';
import { absenceNoticeMarks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { absenceNoticeMail, absenceNoticeText } from '../../mail/templates';
import { insertNotifications } from '../dashboard/notifications';
import { enqueuePushToUser } from '../push/send';
import { type AbsenceNoticeJob, absenceNoticeKey, NOTIFIED_STATUSES } from './schedule';

/** The app's path of a child's day, where every notice of it links. */
export function childDayPath(studentId: string, day: string): string {
  return `/children/${studentId}?date=${day}`;
}

const markRow = z.object({
  attendance_id: z.string(),
  status: z.number(),
  lesson_name: z.string(),
  start: z.string(),
  end: z.string(),
});

const toldRow = z.object({ guardian_id: z.string(), attendance_id: z.string(), status: z.number() });

/** The child's marks of the day that guardians are told of, as they are now, in time order. */
async function marksOfDay(tx: Transaction, job: AbsenceNoticeJob) {
  return queryRows(
    tx,
    sql`select a.id::text as attendance_id, a.status::int as status,
          concat_ws(' ', sn.name, l.name) as lesson_name,
          to_char(s.start_time, 'HH24:MI') as start, to_char(s.end_time, 'HH24:MI') as "end"
        from attendances a
        join schedules s on s.id = a.schedule_id and s.subject_id = a.subject_id and not s.deleted
        join lessons l on l.id = s.lesson_id and l.subject_id = s.subject_id
        join subjects sub on sub.id = s.subject_id
        join subject_names sn on sn.id = sub.subject_name_id
        where a.student_id = ${job.studentId} and s.day = ${job.day} and not a.deleted
          and a.status in (${inList(NOTIFIED_STATUSES)})
        order by s.start_time, lesson_name, a.id`,
    markRow,
  );
}

const mailSwitchRow = z.object({ id: z.string(), mail: z.boolean() });

/** The child's live guardians (server/access), each with their mail switch (on unless they turned it off). */
async function recipientsOf(tx: Transaction, studentId: string) {
  const links = await liveGuardiansOf(tx, [studentId]);
  if (links.length === 0) return [];
  const switches = await queryRows(
    tx,
    sql`select u.id::text as id, coalesce(ns.mail, true) as mail
        from users u left join notification_settings ns on ns.user_id = u.id
        where u.id in (${inList(links.map((link) => link.guardianId))})`,
    mailSwitchRow,
  );
  const mailOn = new Map(switches.map((row) => [row.id, row.mail] as const));
  return links.map((link) => ({
    id: link.guardianId,
    email: link.email,
    locale: link.locale,
    mail: mailOn.get(link.guardianId) ?? true,
  }));
}

/**
 * Runs one notice job: tells each live guardian of the child the day's marks (late, unexplained absence) they
 * were not told yet, as they stand now — a mark corrected to present or excused within the window is told to
 * no one. Each guardian gets one in-app notification (code + params, worded by the app), one mail and one
 * push per subscription, all in their language, written in one transaction with the record of what they
 * were told: a job run again after a crash finds the marks told and sends nothing twice.
 */
export async function sendAbsenceNotice(
  deps: Pick<AppDeps, 'db' | 'now' | 'feed' | 'mailer' | 'jobs' | 'config'>,
  job: AbsenceNoticeJob,
): Promise<{ told: number }> {
  const now = deps.now();
  const publicUrl = appPublicUrl(deps.config);
  const path = childDayPath(job.studentId, job.day);
  const outcome = await deps.db.transaction(async (tx) => {
    // Two runs of one child's day (a lease that ran out) take turns, so the second sees what the first told.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${absenceNoticeKey(job)}))`);
    const marks = await marksOfDay(tx, job);
    if (marks.length === 0) return { notified: [] as string[], told: 0 };
    const recipients = await recipientsOf(tx, job.studentId);
    if (recipients.length === 0) return { notified: [], told: 0 };
    const told = await queryRows(
      tx,
      sql`select guardian_id::text, attendance_id::text, status::int from absence_notice_marks
          where guardian_id in (${inList(recipients.map((recipient) => recipient.id))}) and day = ${job.day}`,
      toldRow,
    );
    const toldKeys = new Set(told.map((row) => `${row.guardian_id}:${row.attendance_id}:${row.status}`));
    const [child] = await queryRows(
      tx,
      sql`select u.name from students st join users u on u.id = st.user_id where st.id = ${job.studentId}`,
      z.object({ name: z.string() }),
    );
    const childName = child?.name ?? '';
    const notified: string[] = [];
    let toldCount = 0;
    for (const guardian of recipients) {
      const fresh = marks.filter(
        (mark) => !toldKeys.has(`${guardian.id}:${mark.attendance_id}:${mark.status}`),
      );
      if (fresh.length === 0) continue;
      toldCount += 1;
      const sittings: AbsenceSitting[] = fresh.map((mark) => ({
        lessonName: mark.lesson_name,
        start: mark.start,
        end: mark.end,
        status: mark.status,
      }));
      const locale = guardian.locale;
      const words = { childName, day: job.day, sittings };
      notified.push(
        ...(await insertNotifications(
          tx,
          [
            {
              userId: guardian.id,
              message: NotificationMessage.absence,
              url: path,
              params: {
                studentName: childName,
                subjectName: null,
                className: null,
                requestOption: null,
                day: job.day,
                sittings,
              },
            },
          ],
          now,
        )),
      );
      if (guardian.mail)
        await deps.mailer.enqueue(
          tx,
          absenceNoticeMail(guardian.email, locale, words, `${publicUrl}/admin${path}`),
          now,
        );
      const text = absenceNoticeText(locale, words);
      await enqueuePushToUser(
        tx,
        guardian.id,
        {
          title: text.title,
          body: [text.summary, ...text.sittingLines].join('\n'),
          url: `/admin${path}`,
          tag: absenceNoticeKey(job),
        },
        now,
      );
      await tx
        .insert(absenceNoticeMarks)
        .values(
          fresh.map((mark) => ({
            guardianId: guardian.id,
            attendanceId: mark.attendance_id,
            status: mark.status,
            day: job.day,
            createdAt: now,
          })),
        )
        .onConflictDoNothing();
    }
    return { notified, told: toldCount };
  });
  if (outcome.told > 0) {
    deps.mailer.kick();
    deps.jobs.kick();
  }
  if (outcome.notified.length > 0) await deps.feed.publishChange(['notifications'], outcome.notified);
  return { told: outcome.told };
}
