import { z } from 'zod';
import type { AccountRole } from '../../domain/roles';

/**
 * Commands the window sends to the sync worker: one typed map, as in actualbudget's loot-core handlers.
 * Every command answers with a promise across the comlink bridge.
 */
export type SyncCommands = {
  /** Opens the user's database in the worker, connects the socket and starts replication as leader. */
  start: (args: {
    userId: string;
    role: AccountRole;
    baseUrl: string;
    csrfToken?: string;
    /** `navigator.onLine` of the window when it starts the worker. */
    online?: boolean;
    /**
     * Started by a sign-in in this page, not for a user stored before it loaded: the device most often holds
     * nothing of the user yet, so the worker asks for the master data's first page as it starts.
     */
    signedInNow?: boolean;
  }) => void;
  /** The window's `online`/`offline` events, which a worker does not reliably see. */
  setNetwork: (args: { online: boolean }) => void;
  /** Pulls now (after a local wake-up such as the tab becoming visible). */
  reSync: () => void;
  /** Stops replication and the socket and closes the database. */
  stop: () => void;
};

/** Events the worker sends to the window, by name. */
export type SyncEvents = {
  /** The `/ws` socket connected or dropped: the app's online flag. */
  connection: { online: boolean };
  /** A pull was answered 401: the session is gone; `accountClosed` when the account was blocked or removed. */
  signInRequired: { accountClosed: boolean };
  /** The server announced its build on connect. */
  serverBuild: { build: string };
  /** A sync call was answered 426: this build is older than the server's. */
  updateRequired: Record<string, never>;
  /** Whether any collection is pulling or pushing right now. */
  activity: { syncing: boolean };
};

export type SyncEventName = keyof SyncEvents;

/** One event as it crosses the bridge. */
export type SyncEvent = { [Name in SyncEventName]: { type: Name; payload: SyncEvents[Name] } }[SyncEventName];

/** The shape of a worker event, checked in the window before it is trusted. */
export const syncEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connection'), payload: z.object({ online: z.boolean() }) }),
  z.object({ type: z.literal('signInRequired'), payload: z.object({ accountClosed: z.boolean() }) }),
  z.object({ type: z.literal('serverBuild'), payload: z.object({ build: z.string() }) }),
  z.object({ type: z.literal('updateRequired'), payload: z.object({}) }),
  z.object({ type: z.literal('activity'), payload: z.object({ syncing: z.boolean() }) }),
]) satisfies z.ZodType<SyncEvent>;

/** What the worker exposes over comlink: every command, plus one way to listen to events. */
export type SyncWorkerApi = {
  [Name in keyof SyncCommands]: (
    ...args: Parameters<SyncCommands[Name]>
  ) => Promise<ReturnType<SyncCommands[Name]>>;
} & {
  listen(listener: (event: SyncEvent) => void): void;
};
