import { getLastCheckpointDoc, type WithDeleted } from 'rxdb';
import type { SyncCheckpoint } from '../../../domain/sync';
import { sameContent } from '../../../domain/sync-merge';
import { pendingEntries } from '../../db/outbox';
import { endPullRewind, pullRewind, rewindPull } from '../../db/sync-state';
import { internalOf, type LocalDoc, type ReplicationCore, reSyncOf } from './core';

/**
 * Where a pull starts: the checkpoint, or the earlier sequence a rewind asks for (every row at it and after),
 * under the checkpoint's scope version so that the server does not take it for a change of scope.
 */
export function rewoundFrom(
  checkpoint: SyncCheckpoint | undefined,
  rewind: number | null,
): SyncCheckpoint | undefined {
  if (rewind === null || !checkpoint || checkpoint.updatedAt < rewind) return checkpoint;
  return {
    updatedAt: rewind,
    id: '',
    ...(checkpoint.scope !== undefined ? { scope: checkpoint.scope } : {}),
  };
}

/** Whether a pull that reached `checkpoint` has passed `doc`'s state. */
export function passedBy(doc: LocalDoc, checkpoint: SyncCheckpoint): boolean {
  return (
    doc.updatedAt < checkpoint.updatedAt ||
    (doc.updatedAt === checkpoint.updatedAt && doc.id <= checkpoint.id)
  );
}

/** The checkpoint step: where the next pull starts, and when it starts again from further back. */
export type CheckpointStep<Doc extends LocalDoc> = ReturnType<typeof createCheckpointStep<Doc>>;

export function createCheckpointStep<Doc extends LocalDoc>(core: ReplicationCore<Doc>) {
  const { database, name } = core.options;
  // Rows a pull brought a newer state of while they held a local write, by id, with that state's sequence.
  const passedLocalWrites = new Map<string, number>();

  return {
    /**
     * Where the pull from RxDB's `checkpoint` starts (`rewoundFrom`), and the rewind it answers, which
     * `pulledFrom` ends once the page has come.
     */
    async start(checkpoint: SyncCheckpoint | undefined) {
      const rewind = await pullRewind(database, name);
      return { rewind, from: rewoundFrom(checkpoint, rewind) };
    },

    /** A page from a rewind has come: the rewind is over (unless a later one asks for more). */
    async pulledFrom(rewind: number | null) {
      if (rewind !== null) await endPullRewind(database, name, rewind);
    },

    /**
     * Notes the rows of a page that RxDB will leave as they are because they hold a local write: RxDB's
     * downstream skips such a row and moves its checkpoint on, counting on the push to bring the server's
     * state back. A push answered before the pull came back brings an older state than the one skipped
     * (RxDB writes a refusal's state into the row only after its own queue gets to it), and the device would
     * keep it for good: the next pull starts past the newer one. `rereadPassedRows` makes sure.
     */
    notePassedLocalWrites(
      page: readonly WithDeleted<Doc>[],
      stored: ReadonlyMap<string, WithDeleted<Doc>>,
      recorded: ReadonlyMap<string, WithDeleted<Doc>>,
      waiting: ReadonlyMap<string, unknown>,
      unrecorded: ReadonlySet<string>,
    ) {
      for (const doc of page) {
        const row = stored.get(doc.id);
        const record = recorded.get(doc.id);
        if (!row || unrecorded.has(doc.id) || doc.updatedAt <= row.updatedAt) continue;
        const localWrite = waiting.has(doc.id) || !record || !sameContent(row, record);
        if (localWrite)
          passedLocalWrites.set(doc.id, Math.max(doc.updatedAt, passedLocalWrites.get(doc.id) ?? 0));
      }
    },

    /**
     * Before a pull: of the rows a pull passed while they held a local write, those that now hold no waiting
     * write yet are stored older than the state passed make this pull start again from the oldest of them.
     * Rows with a write still waiting stay noted: the push's answer is the server's state at that time, no
     * older than the one passed, but RxDB may store it only after another pull.
     */
    async rereadPassedRows() {
      if (passedLocalWrites.size === 0) return;
      const ids = [...passedLocalWrites.keys()];
      const stored = await core.options.collection.storageInstance.findDocumentsById(ids, true);
      const waiting = await pendingEntries(database, name, ids);
      const byId = new Map(stored.map((row) => [row.id, row]));
      let from: number | null = null;
      for (const [id, passed] of passedLocalWrites) {
        if (waiting.has(id)) continue;
        passedLocalWrites.delete(id);
        const updatedAt = byId.get(id)?.updatedAt;
        if (updatedAt !== undefined && updatedAt < passed) from = Math.min(from ?? updatedAt, updatedAt);
      }
      if (from !== null) await rewindPull(database, name, from);
    },

    /** Pulls again when a row a pull passed while it held a local write has no write waiting any more. */
    async reSyncForPassedRows() {
      if (passedLocalWrites.size === 0) return;
      const waiting = await pendingEntries(database, name, [...passedLocalWrites.keys()]);
      if (waiting.size < passedLocalWrites.size) reSyncOf(core);
    },

    /**
     * The push side hands RxDB server states of rows: unrecorded rows as they are stored, and the push's
     * answer (refusals, and rows taken with a new sequence). A pull may already have passed a later state of
     * such a row while RxDB took the row for a local write (RxDB leaves those to the push and moves its
     * checkpoint on); recorded now, the older state would stand for good. So when the pull's checkpoint lies
     * past any of them, the next pull starts again from the earliest (stored, so a restart keeps it), and
     * brings whatever changed since.
     */
    async rereadPassedStates(states: readonly WithDeleted<Doc>[]) {
      const internal = internalOf(core);
      if (states.length === 0 || !internal) return;
      const checkpoint = await getLastCheckpointDoc<Doc, SyncCheckpoint>(internal, 'down');
      if (!checkpoint) return;
      const passed = states.filter((doc) => passedBy(doc, checkpoint));
      if (passed.length === 0) return;
      await rewindPull(database, name, Math.min(...passed.map((doc) => doc.updatedAt)));
      setTimeout(() => reSyncOf(core), 0);
    },
  };
}
