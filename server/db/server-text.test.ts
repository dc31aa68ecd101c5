import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { getTableName, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { NotificationMessage } from '../../domain/notifications';
import { demoSchoolRows } from '../testing/demo-rows';
import * as schema from './schema';

/** Japanese script (hiragana, katakana, kanji): the mark of a sentence written for Japanese readers. */
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const CODES: readonly string[] = Object.values(NotificationMessage);

function demoTables(): Map<string, Record<string, unknown>[]> {
  const tables = demoSchoolRows(1, new Date('2027-01-15T03:00:00Z'));
  return new Map(tables.map(({ table, rows }) => [getTableName(table), rows as Record<string, unknown>[]]));
}

function texts(rows: readonly Record<string, unknown>[] | undefined, field: string): string[] {
  return (rows ?? []).flatMap((row) => (typeof row[field] === 'string' ? [row[field]] : []));
}

describe('server-made text is stored as codes (issue 25)', () => {
  it('the demo school stores no sentence of its own on a card or a notification', () => {
    const tables = demoTables();
    // What users wrote may be shown as written; a card carries nothing else.
    const userTexts = new Set([
      ...texts(tables.get('memos'), 'message'),
      ...texts(tables.get('notes'), 'content'),
      ...texts(tables.get('requests'), 'content'),
      ...texts(tables.get('highlights'), 'messageToStudent'),
    ]);
    const cards = tables.get('stickies') ?? [];
    expect(cards.length).toBeGreaterThan(0);
    const serverWorded = cards.flatMap((card) =>
      typeof card.content === 'string' && !userTexts.has(card.content) ? [card.content] : [],
    );
    expect(serverWorded).toEqual([]);

    const notifications = tables.get('notifications') ?? [];
    expect(notifications.length).toBeGreaterThan(0);
    const messages = notifications.map((row) => String(row.message));
    expect(messages.filter((message) => JAPANESE.test(message))).toEqual([]);
    expect(messages.filter((message) => !CODES.includes(message))).toEqual([]);
  });

  it('the database refuses a notification whose message is a sentence rather than a code', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const userId = await insertUser(client);
      await expect(
        client.query(
          `insert into notifications (seq, user_id, message, url) values (1, $1, '新しいリクエストが届きました。', '/requests')`,
          [userId],
        ),
      ).rejects.toThrow(/notifications_message_code/);
    } finally {
      await client.close();
    }
  });

  it('migrates the sentences of existing rows to codes, keeping what users wrote', async () => {
    const before = await migrationsUpTo(6);
    const client = await PGlite.create();
    try {
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder: before.folder });
      const userId = await insertUser(client);
      const memo = '次回は教科書とノートパソコンを持参するよう伝えてください。';
      await client.query(
        `insert into stickies (seq, user_id, type, content) values (1, $1, 12, '出席が未入力の授業があります。'), (1, $1, 8, $2)`,
        [userId, memo],
      );
      await client.query(
        `insert into notifications (seq, user_id, message, url) values
           (1, $1, '新しいリクエストが届きました。', '/requests'),
           (1, $1, 'パスワードが変更されました。', '/profile'),
           (1, $1, '出席が更新されました。', '/attendance'),
           (1, $1, 'notification_request_approved', '/requests')`,
        [userId],
      );

      await migrate(db, { migrationsFolder: MIGRATIONS });

      const cards = await db.execute<{ type: number; content: string | null; seq: string }>(
        sql`select type, content, seq::text as seq from stickies order by type`,
      );
      expect(cards.rows.map((row) => [row.type, row.content])).toEqual([
        [8, memo],
        [12, null],
      ]);
      // The changed card takes a new change sequence, so devices pull it; the memo is untouched.
      expect(cards.rows.map((row) => row.seq !== '1')).toEqual([false, true]);
      const notifications = await db.execute<{ message: string; deleted: boolean; url: string }>(
        sql`select message, deleted, url from notifications order by url, message`,
      );
      expect(notifications.rows).toEqual([
        { message: 'notification_new_sticky', deleted: true, url: '/attendance' },
        { message: 'notification_account_changed', deleted: false, url: '/profile' },
        { message: 'notification_request_approved', deleted: false, url: '/requests' },
        { message: 'notification_request_created', deleted: false, url: '/requests' },
      ]);
      const locales = await db.execute<{ locale: string }>(sql`select locale from users`);
      expect(locales.rows).toEqual([{ locale: 'ja' }]);
    } finally {
      await client.close();
      await rm(before.folder, { recursive: true, force: true });
    }
  });
});

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

/** A copy of the migrations folder whose journal stops at migration `last`: a database as it was then. */
async function migrationsUpTo(last: number): Promise<{ folder: string }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  await writeFile(journalPath, JSON.stringify(journal));
  return { folder };
}

async function insertUser(client: PGlite): Promise<string> {
  const result = await client.query<{ id: string }>(
    `insert into users (email, name, role, password_hash, seq) values ('a@test.test', 'A', 1, 'x', 1) returning id::text as id`,
  );
  const id = result.rows[0]?.id;
  if (!id) throw new Error('no user');
  return id;
}
