import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';

/** The server's VAPID key pair, base64url as web-push takes them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const keysRow = z.object({ publicKey: z.string(), privateKey: z.string() });

/**
 * The VAPID keys kept in the database, made on first need (the server asks at start). Every instance and
 * restart then signs with the same pair, so the subscriptions browsers made against its public key keep
 * working; the first of two instances starting at once wins, the other reads its pair.
 */
export async function vapidKeysOf(db: Database, now: Date): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  await db.execute(
    sql`insert into vapid_keys (id, public_key, private_key, created_at)
        values (1, ${made.publicKey}, ${made.privateKey}, ${now.toISOString()}::timestamptz)
        on conflict (id) do nothing`,
  );
  const [row] = await queryRows(
    db,
    sql`select public_key as "publicKey", private_key as "privateKey" from vapid_keys where id = 1`,
    keysRow,
  );
  if (!row) throw new Error('the VAPID keys were neither found nor made');
  return row;
}

/** Reads (or makes) the keys once per app, on first need; a failed read is asked again next time. */
export function createVapidKeys(db: Database, now: () => Date): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | undefined;
  return () => {
    keys ??= vapidKeysOf(db, now()).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
}
