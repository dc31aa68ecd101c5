import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailTransport, OutgoingMail } from '../mail-transport';

// A row that failed this often is left for an operator; retrying forever would hammer a broken server.
const MAX_ATTEMPTS = 5;
const BATCH = 20;
const RETRY_EVERY_MS = 30_000;

/** The outbox: `enqueue` inside a transaction, `kick` after it commits; failed sends are retried. */
export interface Mailer {
  enqueue(db: Executor, mail: OutgoingMail, now: Date): Promise<void>;
  /** Starts a send pass without waiting for it; passes never overlap. */
  kick(): void;
  /** Sends everything due and resolves when done (tests and shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Creates the outbox sender over a transport. */
export function createMailer(
  db: Database,
  transport: MailTransport,
  options: {
    now: () => Date;
    onError: (error: unknown) => void;
    /** Told of each mail the transport took or refused (metrics). */
    onOutcome?: (outcome: 'sent' | 'failed') => void;
  },
): Mailer {
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  async function sendDue(): Promise<void> {
    for (;;) {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(mailOutbox.createdAt))
        .limit(BATCH);
      let sent = 0;
      for (const row of rows) {
        try {
          await transport.send({ to: row.to, subject: row.subject, text: row.body });
          await db
            .update(mailOutbox)
            .set({ sentAt: options.now(), attempts: row.attempts + 1, lastError: null })
            .where(eq(mailOutbox.id, row.id));
          sent += 1;
          options.onOutcome?.('sent');
        } catch (error) {
          options.onOutcome?.('failed');
          options.onError(error);
          await db
            .update(mailOutbox)
            .set({ attempts: row.attempts + 1, lastError: String(error).slice(0, 500) })
            .where(eq(mailOutbox.id, row.id));
        }
      }
      if (rows.length < BATCH || sent === 0) return;
    }
  }

  const flush = (): Promise<void> => {
    if (closed) return running;
    running = running.then(sendDue).catch(options.onError);
    return running;
  };
  const timer = setInterval(() => void flush(), RETRY_EVERY_MS);
  timer.unref();

  return {
    async enqueue(executor, mail, now) {
      await executor
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, body: mail.text, createdAt: now });
    },
    kick: () => void flush(),
    flush,
    async close() {
      clearInterval(timer);
      await running;
      closed = true;
    },
  };
}
