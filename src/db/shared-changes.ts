import type { EventBulk, RxStorage, RxStorageChangeEvent, RxStorageInstance } from 'rxdb';
import { merge, Subject } from 'rxjs';
import { withEachInstance } from './storage-wrapper';

/** A batch of changes one instance stored, as it travels to the instances of the other contexts. */
export type SharedChanges = {
  collectionName: string;
  version: number;
  eventBulk: EventBulk<unknown, unknown>;
};

/**
 * How RxDB names the collections where a replication records the server state of each row it pulled or pushed
 * (rxdb/src/plugins/replication: `rx-replication-meta-` and a hash). Only the replicating worker reads them,
 * from storage, and no context listens to their changes.
 */
export const REPLICATION_META_PREFIX = 'rx-replication-meta-';

/** The channel the contexts of database `databaseName` share their changes on. */
export function sharedChangesChannel(databaseName: string): string {
  return `school-changes|${databaseName}`;
}

// One channel per database instance, as RxDB keeps it: every collection of the database shares it.
const channels = new Map<string, { channel: BroadcastChannel; users: number }>();

function channelOf(databaseInstanceToken: string, databaseName: string): BroadcastChannel {
  const held = channels.get(databaseInstanceToken) ?? {
    channel: new BroadcastChannel(sharedChangesChannel(databaseName)),
    users: 0,
  };
  held.users += 1;
  channels.set(databaseInstanceToken, held);
  return held.channel;
}

function releaseChannel(databaseInstanceToken: string): void {
  const held = channels.get(databaseInstanceToken);
  if (!held) return;
  held.users -= 1;
  if (held.users > 0) return;
  channels.delete(databaseInstanceToken);
  held.channel.close();
}

function shareChangesOf<Doc, Internals, Options>(
  instance: RxStorageInstance<Doc, Internals, Options>,
  params: { databaseInstanceToken: string; collectionName: string; schema: { version: number } },
): RxStorageInstance<Doc, Internals, Options> {
  type Changes = EventBulk<RxStorageChangeEvent<Doc>, unknown>;
  const { databaseInstanceToken, collectionName } = params;
  const version = params.schema.version;
  const channel = channelOf(databaseInstanceToken, instance.databaseName);
  const fromOthers = new Subject<Changes>();
  const receive = (message: MessageEvent<SharedChanges>) => {
    const shared = message.data;
    if (shared.collectionName === collectionName && shared.version === version)
      fromOthers.next(shared.eventBulk as Changes);
  };
  channel.addEventListener('message', receive);
  const own = instance.changeStream();
  let open = true;
  const sent = own.subscribe((eventBulk) => {
    if (open) channel.postMessage({ collectionName, version, eventBulk } satisfies SharedChanges);
  });
  const stop = () => {
    if (!open) return;
    open = false;
    sent.unsubscribe();
    channel.removeEventListener('message', receive);
    releaseChannel(databaseInstanceToken);
  };
  const all = merge(fromOthers, own);
  instance.changeStream = () => all;
  const close = instance.close.bind(instance);
  instance.close = async () => {
    stop();
    return close();
  };
  const remove = instance.remove.bind(instance);
  instance.remove = async () => {
    stop();
    return remove();
  };
  return instance;
}

/**
 * The storage, whose instances of a multi-instance database share their changes with the instances of the
 * same database in the other contexts (the tabs, the worker) over a native BroadcastChannel, in place of
 * RxDB's own sharing. RxDB's goes through the broadcast-channel package, which drops a message stamped
 * (by the sender's clock) earlier than its listener was added: once the device's clock is set back, a
 * tab's writes stop reaching the worker, which then pushes them only at the next start, and the rows the
 * worker pulls stop reaching the tabs' screens. A native channel hands over every message posted after
 * the receiving channel opened, whatever the clocks say. The replication's records are not shared: every
 * pulled page writes a record of each row, and posting them copied a page twice more for no listener (a
 * tenth of the sync worker's time and a third of the window's in an admin's first sync).
 */
export function withSharedChanges<Internals, Options>(
  storage: RxStorage<Internals, Options>,
): RxStorage<Internals, Options> {
  return withEachInstance<Internals, Options>(
    storage,
    (instance, params) =>
      params.multiInstance && !params.collectionName.startsWith(REPLICATION_META_PREFIX)
        ? shareChangesOf(instance, params)
        : instance,
    (params) => ({ ...params, multiInstance: false }),
  );
}
