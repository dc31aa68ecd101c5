import pg from 'pg';
import { z } from 'zod';
import { closePoolFully } from '../db/client';
import type { ChangeEvent, ChangeRelay } from './change-feed';

/** The NOTIFY channel every instance of the app listens on. */
export const CHANGE_CHANNEL = 'school_changes';

// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; 150 uuids with their quotes stay far below it.
const USERS_PER_NOTICE = 150;
const RECONNECT_MS = 1000;

const changeEventSchema = z.object({
  collections: z.array(z.string()),
  audience: z.union([z.literal('all'), z.array(z.string())]),
  sessionsEnded: z.literal(true).optional(),
});

/** Splits an event so each NOTIFY payload stays under PostgreSQL's limit. */
export function splitForNotify(event: ChangeEvent): ChangeEvent[] {
  if (event.audience === 'all' || event.audience.length <= USERS_PER_NOTICE) return [event];
  const parts: ChangeEvent[] = [];
  for (let start = 0; start < event.audience.length; start += USERS_PER_NOTICE) {
    parts.push({ ...event, audience: event.audience.slice(start, start + USERS_PER_NOTICE) });
  }
  return parts;
}

/**
 * A relay over PostgreSQL `LISTEN/NOTIFY`, so several server instances on one database tell each other's
 * sockets about commits (ARCHITECTURE §1). Every instance, the publisher included, receives each event
 * through its listening connection, so local and remote sockets hear of a change the same way. A notice
 * missed while the listener reconnects costs nothing lasting: clients pull everything when they reconnect.
 */
export async function createPostgresRelay(url: string): Promise<ChangeRelay> {
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  const closePublisher = closePoolFully(publisher);
  let receiver: ((event: ChangeEvent) => void) | undefined;
  let listener: pg.Client | undefined;
  let closed = false;

  const deliver = (message: pg.Notification) => {
    if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message.payload);
    } catch {
      return;
    }
    const parsed = changeEventSchema.safeParse(payload);
    if (parsed.success) receiver?.(parsed.data);
  };

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', deliver);
    client.on('error', () => {
      // The connection is gone: drop it and listen again on a new one until the relay is closed.
      void client.end().catch(() => undefined);
      if (listener === client) listener = undefined;
      if (!closed) setTimeout(() => void listen().catch(() => undefined), RECONNECT_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    listener = client;
  };
  await listen();

  return {
    async publish(event) {
      for (const part of splitForNotify(event)) {
        await publisher.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify(part)]);
      }
    },
    onEvent(receive) {
      receiver = receive;
    },
    async close() {
      closed = true;
      receiver = undefined;
      await listener?.end().catch(() => undefined);
      await closePublisher();
    },
  };
}
