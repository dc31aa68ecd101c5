import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One received mail as the sink stores it. */
export interface StoredMail {
  to: string[];
  raw: string;
  receivedAt: number;
}

/**
 * A real SMTP server that writes every accepted message to `dir` as JSON, one file each, so the test
 * workers (other processes) can read what the app sent.
 */
export async function startSmtpSink(dir: string, port: number): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        sequence += 1;
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        };
        // Written under another name, then renamed: a test polling the folder never reads half a mail.
        const name = path.join(dir, `${String(sequence).padStart(6, '0')}.json`);
        writeFileSync(`${name}.part`, JSON.stringify(mail));
        renameSync(`${name}.part`, name);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
