import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AccountRole, STAFF_ROLES } from '../domain/roles';
import {
  ON_DEMAND_COLLECTIONS,
  ON_DEMAND_ROLES,
  SYNC_COLLECTION_ROLES,
  type SyncCollection,
} from '../domain/sync';
import type { AttendanceDoc } from '../domain/sync-docs';
import { attendanceId } from '../domain/sync-ids';
import type { Database } from '../server/db/client';
import { queryRows } from '../server/db/rows';
import { sessions } from '../server/db/schema';
import { sessionIdOf } from '../server/plugins/session-store';

// What the benches that play a school's staff devices against the real sync calls share (morning, access-log).

/** The collections a role's device pulls in full: its pull roles, less what it keeps subject by subject. */
export function pulledBy(role: AccountRole): SyncCollection[] {
  const onDemand = ON_DEMAND_ROLES.includes(role);
  return Object.entries(SYNC_COLLECTION_ROLES)
    .filter(([, roles]) => roles.pull.includes(role))
    .map(([name]) => name as SyncCollection)
    .filter((name) => !(onDemand && (ON_DEMAND_COLLECTIONS as readonly string[]).includes(name)));
}

/** Runs `work` on every item, at most `width` at a time. */
export async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++];
        if (item !== undefined) await work(item);
      }
    }),
  );
}

const staffRow = z.object({ id: z.string(), email: z.string(), role: z.coerce.number() });

/** A member of staff who may sign in, with the token of the session `sessionsForStaff` wrote for them. */
export type SignedInStaff = { id: string; email: string; role: AccountRole; token: string };

/**
 * Every live member of staff gets a session: the row a sign-in with its code writes (the device holds its
 * cookie), valid for a day.
 */
export async function sessionsForStaff(db: Database): Promise<SignedInStaff[]> {
  const staff = await queryRows(
    db,
    sql`select u.id::text as id, u.email, u.role from users u
        where u.role in (${sql.join(
          STAFF_ROLES.map((role) => sql`${role}`),
          sql`, `,
        )}) and not u.deleted and not u.must_change_password
          and (u.retire_at is null or u.retire_at > current_date)
        order by u.email`,
    staffRow,
  );
  const signedIn = staff.map((member) => ({
    id: member.id,
    email: member.email,
    role: member.role as AccountRole,
    token: randomBytes(32).toString('hex'),
  }));
  await db.insert(sessions).values(
    signedIn.map((member) => ({
      id: sessionIdOf(member.token),
      userId: member.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      otpVerified: true,
    })),
  );
  return signedIn;
}

/** A student's seat at a sitting: what an attendance mark of them names. */
export const seatRow = z.object({
  schedule_id: z.string(),
  class_student_id: z.string(),
  student_id: z.string(),
  subject_id: z.string(),
  university_id: z.string(),
});
export type Seat = z.infer<typeof seatRow>;

/** The attendance document a teacher's device pushes for `seat` at its sitting. */
export function markOf(
  seat: Seat,
  mark: Pick<AttendanceDoc, 'status' | 'lateMinutes' | 'comment'>,
): AttendanceDoc {
  return {
    id: attendanceId(seat.class_student_id, seat.schedule_id),
    subjectId: seat.subject_id,
    universityId: seat.university_id,
    classStudentId: seat.class_student_id,
    studentId: seat.student_id,
    scheduleId: seat.schedule_id,
    ...mark,
    absenceReasons: null,
    updatedAt: 0,
    _deleted: false,
  };
}
