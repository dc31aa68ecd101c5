import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '../../../domain/locales';
import { Role } from '../../../domain/roles';
import type { Guardian, GuardianLinkRequest } from '../../../domain/schemas/people';
import { SYNC_COLLECTION_ROLES, SyncCollection } from '../../../domain/sync';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Actor } from '../../access/actor';
import { guardiansOfStudent } from '../../access/guardians';
import type { Executor, Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { nextSequence } from '../../db/sequence';
import { notFound, validationFailed } from '../../http-error';
import { recipientLocale } from '../../mail/recipient-locale';
import { lockAccountWrites, publishPeopleChange, unusablePasswordHash } from '../shared/account-writes';
import { insertInvitedAccount, type PeopleDeps } from './people-write';

// Guardians' links to students (issue 43): admins link a guardian on the student's screen (inviting a new
// account by e-mail in the language the form gives) or with the bulk add, and end a link. Who a guardian then
// reads is `server/access`'s `ward` reach.

/** The collections a guardian's device pulls: a link made or ended changes what each of them holds. */
const GUARDIAN_COLLECTIONS = Object.values(SyncCollection).filter((collection) =>
  SYNC_COLLECTION_ROLES[collection].pull.includes(Role.guardian),
);

const idRow = z.object({ id: z.string() });
const accountRow = z.object({ id: z.string(), role: z.number(), live: z.boolean() });

/** Answers 404 unless the student record exists and is live. */
async function requireLiveStudent(db: Executor, studentId: string): Promise<void> {
  const [row] = await queryRows(
    db,
    sql`select s.id::text as id from students s where s.id = ${studentId} and not s.deleted`,
    idRow,
  );
  if (!row) throw notFound();
}

/** `GET /api/students/{id}/guardians`: the student's live guardians. */
export async function listGuardians(db: Executor, studentId: string): Promise<{ guardians: Guardian[] }> {
  await requireLiveStudent(db, studentId);
  return { guardians: await guardiansOfStudent(db, studentId) };
}

/** Who to link: the address, the name a new account takes, and its language (the inviter's when left out). */
export interface GuardianToLink {
  email: string;
  name: string;
  locale: Locale | null | undefined;
}

/** A guardian account made or found by `linkGuardianWithin`, and whether it was made now. */
export interface LinkedGuardian {
  guardianId: string;
  invited: boolean;
}

/**
 * Links the guardian with this address to the student inside the caller's transaction (which holds
 * `lockAccountWrites`): a live guardian account is linked as it is; no account yet, one is made and invited in
 * `locale`; any other account (staff, a student, a removed one) is refused on `field` as a taken address. A
 * live link already there is kept (linking twice is linking once).
 */
export async function linkGuardianWithin(
  tx: Transaction,
  deps: Pick<PeopleDeps, 'mailer' | 'now' | 'publicUrl'>,
  actor: Actor,
  input: { studentId: string; guardian: GuardianToLink; seq: number; unusableHash: string; field: string },
): Promise<LinkedGuardian> {
  const email = input.guardian.email.toLowerCase();
  const [account] = await queryRows(
    tx,
    sql`select id::text as id, role::int as role, (not deleted and deactivated_at is null) as live
        from users where email = ${email}`,
    accountRow,
  );
  if (account && (account.role !== Role.guardian || !account.live)) {
    throw validationFailed({ [input.field]: [ValidationCode.emailTaken] });
  }
  const guardianId =
    account?.id ??
    (
      await insertInvitedAccount(tx, deps, {
        email,
        name: input.guardian.name,
        role: Role.guardian,
        locale: input.guardian.locale ?? (await recipientLocale(tx, actor.id)),
        seq: input.seq,
        unusableHash: input.unusableHash,
      })
    ).id;
  await tx.execute(sql`insert into guardian_links (guardian_id, student_id, created_at, created_by)
      values (${guardianId}, ${input.studentId}, ${deps.now()}, ${actor.id})
      on conflict (guardian_id, student_id) where ended_at is null do nothing`);
  return { guardianId, invited: account === undefined };
}

/** Tells the guardians' devices their scope changed, and every device of a new account's name card. */
export async function publishGuardianChange(
  deps: Pick<PeopleDeps, 'feed'>,
  linked: readonly LinkedGuardian[],
): Promise<void> {
  if (linked.length === 0) return;
  if (linked.some((entry) => entry.invited)) await publishPeopleChange(deps);
  await deps.feed.publishChange(
    GUARDIAN_COLLECTIONS,
    linked.map((entry) => entry.guardianId),
  );
}

/**
 * `POST /api/students/{id}/guardians`: links the guardian with this e-mail to the student, inviting a new
 * account in the form's language (`linkGuardianWithin`), and answers the guardian as the list shows them.
 */
export async function linkGuardian(
  deps: PeopleDeps,
  actor: Actor,
  studentId: string,
  body: GuardianLinkRequest,
): Promise<Guardian> {
  await requireLiveStudent(deps.db, studentId);
  const unusableHash = await unusablePasswordHash(deps);
  const linked = await deps.db.transaction(async (tx) => {
    await lockAccountWrites(tx);
    return linkGuardianWithin(tx, deps, actor, {
      studentId,
      guardian: { email: body.email, name: body.name, locale: body.locale },
      seq: await nextSequence(tx),
      unusableHash,
      field: 'email',
    });
  });
  deps.mailer.kick();
  await publishGuardianChange(deps, [linked]);
  const guardian = (await guardiansOfStudent(deps.db, studentId)).find(
    (entry) => entry.id === linked.guardianId,
  );
  if (!guardian) throw notFound();
  return guardian;
}

/**
 * `DELETE /api/students/{id}/guardians/{guardianId}`: ends the live link (kept on record with its end); 404
 * when there is none. The guardian's device loses the child's rows at its next pull.
 */
export async function endGuardianLink(
  deps: PeopleDeps,
  studentId: string,
  guardianId: string,
): Promise<void> {
  const ended = await queryRows(
    deps.db,
    sql`update guardian_links set ended_at = ${deps.now()}
        where student_id = ${studentId} and guardian_id = ${guardianId} and ended_at is null
        returning id::text as id`,
    idRow,
  );
  if (ended.length === 0) throw notFound();
  await publishGuardianChange(deps, [{ guardianId, invited: false }]);
}
