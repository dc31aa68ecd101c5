import type { WithDeleted } from 'rxdb';
import type { SyncCheckpoint } from '../../../domain/sync';
import { type HeldSubjects, heldSubjects, storeHeldSubjects } from '../../db/demand-subjects';
import { pendingEntries } from '../../db/outbox';
import { type LocalDoc, type ReplicationCore, reSyncOf, toWire } from './core';
import type { StoreStep } from './store';

/** What the pull of a collection kept subject by subject needs of the other steps. */
export type SubjectPullDeps<Doc extends LocalDoc> = {
  core: ReplicationCore<Doc>;
  /** One page of the collection's pull of a subject's rows from `checkpoint`, checked against what is stored. */
  fetchPage(
    narrow: { subjects: string },
    checkpoint: SyncCheckpoint | null,
    batchSize: number,
  ): Promise<{ documents: WithDeleted<Doc>[]; checkpoint: SyncCheckpoint | null }>;
  store: Pick<StoreStep<Doc>, 'pageStored' | 'pageRowsStored'>;
};

/**
 * The pull of a collection kept subject by subject (an on-demand role, docs/on-demand-sync.md): before its
 * pull of changes, the page it needs (`page`), or null when none: the rows of a subject no longer kept, as
 * deletions (so they are never pushed; rows with a write waiting stay until it is pushed), else the next page
 * of a kept subject whose rows are not all here yet. The pull of changes names every kept subject, so a
 * subject's rows come through that pull from the moment it is kept, and through its own pull up to the
 * present: between them none is missed. A short page asks for another pull, which goes on with the next
 * subject or the changes.
 */
export function createSubjectPull<Doc extends LocalDoc>({ core, fetchPage, store }: SubjectPullDeps<Doc>) {
  const { database, name, collection } = core.options;
  // The subject whose rows are being brought in, the position its pull has reached and its last page that
  // held rows; in memory only, so a restart brings the subject again from its start (its rows are few, and
  // bringing one twice is harmless).
  let filling: {
    subjectId: string;
    checkpoint: SyncCheckpoint | null;
    lastRows: readonly WithDeleted<Doc>[];
  } | null = null;
  // The rows of subjects let go of that were handed to RxDB as deletions, by subject, until RxDB stored them.
  const dropping = new Map<string, Set<string>>();
  // Subjects whose last page came and is being stored: not asked for again meanwhile, and recorded as all
  // here once it is, unless let go of meanwhile.
  const completing = new Set<string>();

  /**
   * Where the subjects stand on a device that kept the whole collection before it kept it by subject (a
   * build that replicated the admin's whole school): every subject it holds rows of, none counted as all
   * here, so those not kept are dropped and a kept one is brought up to date before it shows.
   */
  async function heldBefore(): Promise<HeldSubjects> {
    const rows = await collection.find().exec();
    const held = [...new Set(rows.map((row) => String(row.get('subjectId'))))];
    const subjects = { held, filled: [] };
    await storeHeldSubjects(database, name, subjects);
    return subjects;
  }

  /** Records a subject's rows as all here, once the last page of its pull is stored. */
  async function markSubjectFilled(subjectId: string) {
    const subjects = await heldSubjects(database, name);
    if (!subjects?.held.includes(subjectId) || subjects.filled.includes(subjectId)) return;
    await storeHeldSubjects(database, name, { held: subjects.held, filled: [...subjects.filled, subjectId] });
  }

  /**
   * Lets go of the rows of a subject no longer kept: the deletions to hand to RxDB (when `handOver`), or
   * none once they are all gone, the subject then leaving `subjects.held`. Deletions handed over and not
   * stored yet are not handed over again: RxDB asks for the next page before it stores the last, and the
   * same rows each time would keep it asking for good.
   */
  async function letGoOf(
    subjectId: string,
    subjects: HeldSubjects,
    handOver: boolean,
  ): Promise<WithDeleted<Doc>[]> {
    completing.delete(subjectId);
    const rows = await collection.find({ selector: { subjectId } as never }).exec();
    const handedOver = dropping.get(subjectId) ?? new Set<string>();
    const present = new Set(rows.map((row) => row.primary));
    for (const id of handedOver) if (!present.has(id)) handedOver.delete(id);
    if (rows.length === 0) {
      dropping.delete(subjectId);
      subjects.held = subjects.held.filter((id) => id !== subjectId);
      return [];
    }
    if (!handOver) return [];
    const waiting = await pendingEntries(
      database,
      name,
      rows.map((row) => row.primary),
    );
    const gone = rows.filter((row) => !waiting.has(row.primary) && !handedOver.has(row.primary));
    for (const row of gone) handedOver.add(row.primary);
    dropping.set(subjectId, handedOver);
    return gone.map((row) => ({ ...toWire(row.toMutableJSON(true) as WithDeleted<Doc>), _deleted: true }));
  }

  /**
   * The next page of the first kept subject whose rows are not all here yet (null when none): its last page
   * (a short one) marks the subject as all here once RxDB has stored it.
   */
  async function fillPage(
    kept: readonly string[],
    subjects: HeldSubjects,
    batchSize: number,
  ): Promise<WithDeleted<Doc>[] | null> {
    const subjectId = kept.find((id) => !subjects.filled.includes(id) && !completing.has(id));
    if (subjectId === undefined) return null;
    if (!subjects.held.includes(subjectId)) {
      await storeHeldSubjects(database, name, {
        held: [...subjects.held, subjectId],
        filled: subjects.filled,
      });
    }
    const going = filling?.subjectId === subjectId ? filling : null;
    const from = going?.checkpoint ?? null;
    const page = await fetchPage({ subjects: subjectId }, from, batchSize);
    const lastRows = page.documents.length > 0 ? page.documents : (going?.lastRows ?? []);
    filling = { subjectId, checkpoint: page.checkpoint ?? from, lastRows };
    if (page.documents.length < batchSize) {
      filling = null;
      completing.add(subjectId);
      // RxDB stores pages in order: once the last one with rows is stored, all are.
      void store
        .pageRowsStored(lastRows)
        .then(async () => {
          // Unless the subject was let go of meanwhile (its rows then being dropped).
          if (completing.delete(subjectId)) await markSubjectFilled(subjectId);
        })
        .finally(() => reSyncOf(core))
        .catch(() => undefined);
    }
    return page.documents;
  }

  return {
    /** The page the collection needs before its pull of changes while `kept` are the subjects kept, or null. */
    async page(kept: readonly string[], batchSize: number): Promise<WithDeleted<Doc>[] | null> {
      const stored = (await heldSubjects(database, name)) ?? (await heldBefore());
      // A subject not kept is no longer kept in step: it counts as all here no more, whatever its rows.
      const subjects = { held: stored.held, filled: stored.filled.filter((id) => kept.includes(id)) };
      // A subject let go of mid-pull starts over if kept again: its rows are being dropped meanwhile.
      if (filling && !kept.includes(filling.subjectId)) filling = null;
      let deletions: WithDeleted<Doc>[] = [];
      for (const subjectId of stored.held.filter((id) => !kept.includes(id))) {
        const dropped = await letGoOf(subjectId, subjects, deletions.length === 0);
        if (deletions.length === 0) deletions = dropped;
      }
      if (subjects.held.length !== stored.held.length || subjects.filled.length !== stored.filled.length) {
        await storeHeldSubjects(database, name, subjects);
      }
      if (deletions.length === 0) return fillPage(kept, subjects, batchSize);
      // Once stored, a row still present was left by RxDB (it took it for a local write): handed over again
      // on the next pull. The subject leaves `held` on a later pull, once none of its rows is left.
      void store
        .pageStored()
        .then(() => dropping.clear())
        .finally(() => reSyncOf(core))
        .catch(() => undefined);
      return deletions;
    },
  };
}
