import type { SocketMessage } from '../../domain/sync';

/** Who a change concerns: everybody, or the listed user ids. */
export type ChangeAudience = 'all' | readonly string[];

/**
 * One committed change, as it travels between instances. `sessionsEnded`: sessions of the audience were
 * ended (sign-out, password change, a session revoked), so every instance closes their sockets now.
 */
export interface ChangeEvent {
  collections: string[];
  audience: ChangeAudience;
  sessionsEnded?: true;
}

/**
 * Carries change events to every server instance, this one included. In-process now; a PostgreSQL
 * `LISTEN/NOTIFY` relay can replace it without touching publishers or sockets.
 */
export interface ChangeRelay {
  publish(event: ChangeEvent): Promise<void>;
  /** Registers the single local receiver of events. */
  onEvent(receive: (event: ChangeEvent) => void): void;
  close(): Promise<void>;
}

/** A relay that stays inside this process. */
export function createLocalRelay(): ChangeRelay {
  let receiver: ((event: ChangeEvent) => void) | undefined;
  return {
    async publish(event) {
      receiver?.(event);
    },
    onEvent(receive) {
      receiver = receive;
    },
    async close() {
      receiver = undefined;
    },
  };
}

/** Sends one message to one socket. */
export type SocketSend = (message: SocketMessage) => void;

/** The change feed: sockets subscribe per user, services publish after their transaction commits. */
export interface ChangeFeed {
  /** Tells the audience's sockets that `collections` changed; call only after the transaction committed. */
  publishChange(collections: string[], audience: ChangeAudience): Promise<void>;
  /** Adds a socket of a user; returns the function that removes it. */
  subscribe(userId: string, send: SocketSend): () => void;
  /** Tells every instance that sessions of these users ended; call only after the transaction committed. */
  publishSessionsEnded(userIds: readonly string[]): Promise<void>;
  /**
   * Registers the one listener told whose sockets' sessions may have ended: the users of a
   * `publishSessionsEnded`, and everybody after a change of accounts (`people`: a block, a removal or a
   * role change ends the account's sessions in the same transaction, and publishes `people` after it).
   */
  onSessionsMayHaveEnded(listener: (audience: ChangeAudience) => void): void;
  close(): Promise<void>;
}

/** Whether an event may have ended sessions (see `ChangeFeed.onSessionsMayHaveEnded`). */
function mayEndSessions(event: ChangeEvent): boolean {
  return event.sessionsEnded === true || event.collections.includes('people');
}

/** Builds the feed on a relay; events that arrive from the relay fan out to this instance's sockets. */
export function createChangeFeed(relay: ChangeRelay = createLocalRelay()): ChangeFeed {
  const socketsByUser = new Map<string, Set<SocketSend>>();
  let sessionsListener: ((audience: ChangeAudience) => void) | undefined;

  relay.onEvent((event) => {
    if (mayEndSessions(event)) sessionsListener?.(event.audience);
    const { collections, audience } = event;
    if (collections.length === 0) return;
    const message: SocketMessage = { type: 'changed', collections };
    const targets =
      audience === 'all' ? [...socketsByUser.values()] : audience.map((id) => socketsByUser.get(id));
    for (const sockets of targets) {
      for (const send of sockets ?? []) send(message);
    }
  });

  return {
    publishChange: (collections, audience) => relay.publish({ collections, audience }),
    subscribe(userId, send) {
      const sockets = socketsByUser.get(userId) ?? new Set<SocketSend>();
      sockets.add(send);
      socketsByUser.set(userId, sockets);
      return () => {
        sockets.delete(send);
        if (sockets.size === 0) socketsByUser.delete(userId);
      };
    },
    publishSessionsEnded: (userIds) =>
      userIds.length === 0
        ? Promise.resolve()
        : relay.publish({ collections: [], audience: [...userIds], sessionsEnded: true }),
    onSessionsMayHaveEnded(listener) {
      sessionsListener = listener;
    },
    close: () => relay.close(),
  };
}
