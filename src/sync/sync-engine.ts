import { combineLatest, type Subscription } from 'rxjs';
import type { AccountRole } from '../../domain/roles';
import { isAlwaysOnlineRole } from '../../domain/roles';
import {
  ON_DEMAND_COLLECTIONS,
  ON_DEMAND_ROLES,
  ROWS_AHEAD_COLLECTIONS,
  SUBJECT_AHEAD_COLLECTIONS,
  SYNC_PULL_MAX_LIMIT,
  SyncCollection,
} from '../../domain/sync';
import { aheadRowsAsked$, askNamesOfClass } from '../db/ahead-asks';
import { askedSubjects$, askForSubject, subjectsKept } from '../db/demand-subjects';
import type { SchoolDatabase } from '../db/open-database';
import { type AnyReplicatedDoc, replicatedCollection } from '../db/outbox';
import { REPLICATED_COLLECTIONS } from '../db/replicated-collections';
import {
  type FirstPullProgress,
  firstPullsDone,
  markMasterSynced,
  storeFirstSyncProgress,
} from '../db/sync-state';
import { type ChangeSocket, connectChangeSocket } from './change-socket';
import { clientCollection } from './collections';
import type { FetchLike } from './http';
import type { SyncCommands, SyncEvent } from './protocol';
import { type CollectionReplication, replicateCollection } from './replicate-collection';
import type { PageAhead } from './replication/core';
import { fetchFirstPageAhead } from './replication/pull';
import { screenAsksFirst } from './screen-asks-first';
import type { SyncRequestContext } from './sync-request';

export type SyncEngineDeps = {
  openDatabase(userId: string): Promise<SchoolDatabase>;
  fetchImpl: FetchLike;
  emit(event: SyncEvent): void;
  /** Prepares the worker's RxDB realm for replication (leader election, cleanup). */
  preparePlugins(): void;
  /** The build this worker belongs to, sent with every sync call. */
  clientBuild: string;
};

type Running = {
  /** Lets pulls waiting for the master data's first pull go (they end at once when the engine stops). */
  releasePulls(): void;
  database: SchoolDatabase;
  replications: Map<string, CollectionReplication<AnyReplicatedDoc>>;
  socket: ChangeSocket;
  activity: Subscription;
};

// Every collection whose first pull brings rows a screen waits for ahead of the rest.
const AHEAD_COLLECTIONS = [...SUBJECT_AHEAD_COLLECTIONS, ...ROWS_AHEAD_COLLECTIONS];

function socketUrl(baseUrl: string): string {
  const url = new URL('/ws', baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** What the replications of one running engine share. */
type EngineCollections = {
  deps: SyncEngineDeps;
  database: SchoolDatabase;
  request: SyncRequestContext;
  role: AccountRole;
  /** The collections whose first pull completed on this device before. */
  done: ReadonlySet<string>;
  /** The collections kept subject by subject (an on-demand role), none otherwise. */
  bySubject: readonly SyncCollection[];
  /** Whether the first pulls take turns. */
  oneAtATime: boolean;
  /** What the first pulls wait for (the master data's first pull), if anything. */
  pullAfter?: Promise<void>;
  /** The master data's first page, asked for as the worker started (`fetchFirstPageAhead`), if it was. */
  masterAhead?: PageAhead;
  asksFirst: ReturnType<typeof screenAsksFirst>;
  askNamesNext(page: readonly AnyReplicatedDoc[], classId: string): Promise<void>;
  isOffline(): boolean;
  onProgress(
    name: (typeof REPLICATED_COLLECTIONS)[number],
    progress: Omit<FirstPullProgress, 'collection'>,
  ): void;
};

/** The replication of one collection, as the user's role and the first sync ask. */
function replicationOf(
  name: (typeof REPLICATED_COLLECTIONS)[number],
  engine: EngineCollections,
): CollectionReplication<AnyReplicatedDoc> {
  const { deps, database, done, bySubject, oneAtATime, pullAfter, asksFirst, askNamesNext } = engine;
  const def = clientCollection(name);
  const pushes = def.pushRoles.includes(engine.role);
  return replicateCollection<AnyReplicatedDoc>({
    name,
    database,
    collection: replicatedCollection(database, name),
    docSchema: def.docSchema,
    push: pushes,
    request: engine.request,
    onSignInRequired: (accountClosed) => deps.emit({ type: 'signInRequired', payload: { accountClosed } }),
    onUpdateRequired: () => deps.emit({ type: 'updateRequired', payload: {} }),
    onPulled: () => markMasterSynced(database, Date.now()),
    isOffline: engine.isOffline,
    firstPull: {
      done: done.has(name),
      onProgress: (progress) => engine.onProgress(name, progress),
    },
    // The master data, which every screen names things by, never waits. The other first pulls yield
    // to a screen's asks (`screenAsksFirst`), but a collection the user pushes only where the pulls
    // take turns, and only until the user writes to it: a teacher's sub-scores written before the
    // class's scores had come were overwritten by them (the total of tests/e2e/achievement-sub-scores),
    // while an admin's screens write notes, requests and notifications only once they have come.
    ...(name === 'master' || (pushes && !oneAtATime)
      ? {}
      : {
          firstPullYields: () => asksFirst.held(name, pushes),
          firstPullFetched: () => asksFirst.fetched(name),
        }),
    ...(name === 'master' || !pullAfter ? {} : { pullAfter }),
    ...(name === 'master' && engine.masterAhead ? { pageAhead: engine.masterAhead } : {}),
    ...(bySubject.includes(name) ? { bySubject: { kept: () => subjectsKept(database, Date.now()) } } : {}),
    ...(SUBJECT_AHEAD_COLLECTIONS.includes(name)
      ? {
          ahead: {
            byId: false,
            subjectsOpened: () => subjectsKept(database, Date.now()),
            opened: (subjectId: string) => askForSubject(database, subjectId, Date.now()),
            ...(name === SyncCollection.subjects ? { askNext: askNamesNext } : {}),
          },
        }
      : {}),
    ...(ROWS_AHEAD_COLLECTIONS.includes(name)
      ? { ahead: { byId: true, subjectsOpened: async () => [], opened: async () => {} } }
      : {}),
  });
}

/**
 * The worker's side of the bridge: one handler per command of the protocol, as plain functions over
 * injected dependencies. It replicates every collection (as leader only), holds the socket, and answers each
 * change notice and each reconnect with a pull.
 */
export function createSyncEngine(deps: SyncEngineDeps): SyncCommands {
  let running: Running | null = null;
  let starting: Promise<void> | null = null;
  // The window's view of the network; every sync call reads it, so none is tried while it says offline.
  const network = { online: true };
  // Whether the `/ws` socket is greeted and subscribed to the change feed.
  let socketOnline = false;
  let role: AccountRole | null = null;

  // The app counts as online while its socket is open and the window reports a network; roles 0 and 3
  // count as always online (SPEC §4), their socket still driving the pulls.
  function emitConnection() {
    const alwaysOnline = role !== null && isAlwaysOnlineRole(role);
    deps.emit({ type: 'connection', payload: { online: (socketOnline && network.online) || alwaysOnline } });
  }

  function reSyncAll(names?: readonly string[]) {
    for (const [name, replication] of running?.replications ?? []) {
      if (!names || names.includes(name)) replication.reSync();
    }
  }

  async function start(args: {
    userId: string;
    role: AccountRole;
    baseUrl: string;
    csrfToken?: string;
    online?: boolean;
    signedInNow?: boolean;
  }) {
    network.online = args.online ?? network.online;
    role = args.role;
    const request = {
      network,
      fetchImpl: deps.fetchImpl,
      baseUrl: args.baseUrl,
      clientBuild: deps.clientBuild,
      csrfToken: { current: args.csrfToken },
    };
    const names = REPLICATED_COLLECTIONS.filter((name) =>
      clientCollection(name).pullRoles.includes(args.role),
    );
    // Right after a sign-in the first screen waits for the master data, which the device most often does not
    // hold yet: its first page is asked for now, beside the opening of the database, and the master's first
    // pull takes the answer. A device that pulled the master data before drops it.
    const masterAhead =
      args.signedInNow && names.includes('master')
        ? fetchFirstPageAhead(request, 'master', SYNC_PULL_MAX_LIMIT)
        : undefined;
    deps.preparePlugins();
    const database = await deps.openDatabase(args.userId);
    const replications = new Map<string, CollectionReplication<AnyReplicatedDoc>>();
    // The first sync's progress, by collection in the registry's order, recorded in the database for every
    // tab. Only reports write it, and only the leader's replications report: a tab that is not the leader
    // never overwrites the leader's numbers with its own zeros.
    const done = await firstPullsDone(database, names);
    const firstSync = new Map<string, FirstPullProgress>(
      names.map((name) => [name, { collection: name, pulled: 0, total: null, done: done.has(name) }]),
    );
    const recordFirstSync = latestOnly(() => storeFirstSyncProgress(database, [...firstSync.values()]));
    // On a first sync the master data comes alone first: every screen names things by it, and the overlay
    // waits for it. Beside ten other collections' pages its 67 rows took 10 s to be stored on a busy worker
    // (the admin's demo school in Chromium); the others start the moment it is in.
    let releasePulls = () => {};
    const masterFirst = names.includes('master') && !done.has('master');
    // An admin's device keeps the class work of the subjects its screens open, not the whole school's
    // (docs/on-demand-sync.md); every other role replicates its whole scope.
    const bySubject: readonly SyncCollection[] = ON_DEMAND_ROLES.includes(args.role)
      ? ON_DEMAND_COLLECTIONS
      : [];
    const pullAfter = masterFirst ? new Promise<void>((resolve) => (releasePulls = resolve)) : undefined;
    // An on-demand device's first sync is long (the whole school's people and subjects): its first pulls
    // take turns, so a screen's ask waits behind one page.
    const oneAtATime = bySubject.length > 0;
    const asksFirst = screenAsksFirst(database, { ahead: AHEAD_COLLECTIONS, bySubject }, { oneAtATime });
    // A class sheet asks for its students' names once it has read its roster; the pages of `subjects` that
    // bring the roster name them first, while the people's first pull runs (none for a user who pulls none).
    const askNamesNext = async (page: readonly AnyReplicatedDoc[], classId: string) => {
      if (firstSync.get(SyncCollection.people)?.done === false)
        await askNamesOfClass(database, page, classId);
    };
    const engine: EngineCollections = {
      deps,
      database,
      request,
      role: args.role,
      done,
      bySubject,
      oneAtATime,
      pullAfter,
      ...(masterFirst && masterAhead ? { masterAhead } : {}),
      asksFirst,
      askNamesNext,
      isOffline: () => !socketOnline,
      onProgress: (name, progress) => {
        firstSync.set(name, { collection: name, ...progress });
        recordFirstSync();
        if (name === 'master' && progress.done) releasePulls();
      },
    };
    for (const name of names) replications.set(name, replicationOf(name, engine));
    const demand = followScreenAsks(database, bySubject, reSyncAll);
    const activity = combineLatest(
      [...replications.values()].map((replication) => replication.state.active$),
    ).subscribe((states) => deps.emit({ type: 'activity', payload: { syncing: states.some(Boolean) } }));
    const socket = listenForChanges(args.baseUrl, deps, {
      connection: (online) => {
        socketOnline = online;
        emitConnection();
      },
      pull: reSyncAll,
    });
    activity.add(demand);
    running = { releasePulls, database, replications, socket, activity };
  }

  return {
    start(args) {
      if (running || starting) return;
      starting = start(args).finally(() => {
        starting = null;
      });
    },
    setNetwork({ online }) {
      network.online = online;
      if (!running) return;
      emitConnection();
      if (!online) {
        running.socket.drop();
        return;
      }
      running.socket.wake();
      reSyncAll();
    },
    reSync() {
      reSyncAll();
    },
    stop() {
      const current = running;
      running = null;
      if (!current) return;
      current.socket.close();
      current.activity.unsubscribe();
      current.releasePulls();
      void Promise.all([...current.replications.values()].map((replication) => replication.cancel())).then(
        () => current.database.close(),
      );
    },
  };
}

/**
 * Pulls what the screens ask for: a subject a screen opened (in any tab) comes on the next pull of the
 * collections kept by subject, and ahead of the first pull of those pulled whole; so does a row a screen waits
 * for.
 */
function followScreenAsks(
  database: SchoolDatabase,
  bySubject: readonly SyncCollection[],
  pull: (names?: readonly string[]) => void,
): Subscription {
  const demand = askedSubjects$(database).subscribe(() => pull([...bySubject, ...SUBJECT_AHEAD_COLLECTIONS]));
  for (const name of AHEAD_COLLECTIONS) {
    demand.add(aheadRowsAsked$(database, name).subscribe(() => pull([name])));
  }
  return demand;
}

/** The `/ws` socket of a running engine: each change notice, and each reconnect, is answered with a pull. */
function listenForChanges(
  baseUrl: string,
  deps: SyncEngineDeps,
  on: { connection: (online: boolean) => void; pull: (names?: readonly string[]) => void },
): ChangeSocket {
  return connectChangeSocket({
    url: socketUrl(baseUrl),
    onConnection: (online) => {
      on.connection(online);
      // Reconnecting means changes may have been missed: pull everything since each checkpoint.
      if (online) on.pull();
    },
    // The server closed the socket because the session ended: a pull now meets its 401 (and learns whether the
    // account was closed) instead of waiting for the next reconnect.
    onSessionEnded: () => on.pull(),
    onMessage: (message) => {
      if (message.type === 'hello') {
        deps.emit({ type: 'serverBuild', payload: { build: message.build } });
        return;
      }
      on.pull(message.collections);
    },
  });
}

/**
 * Runs `write` for the latest call only: while one write runs, further calls are coalesced into one write after
 * it, which reads the state as it then is. Progress reports come a page at a time from eleven replications; the
 * record never falls behind and is never written twice at once.
 */
function latestOnly(write: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    do {
      again = false;
      await write().catch(() => undefined);
    } while (again);
    running = false;
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}
