import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { AttendanceStatus } from '../domain/attendance';
import { openDatabase } from '../server/db/client';
import { attendances } from '../server/db/schema';
import { attendanceSave, type Sitting, sittingsOf } from './load';
import { type BenchSession, sessionHeaders, signIn, startServer } from './server-process';
import { seed } from './sync-figures';

const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-2026';
const WRITERS = 20;

/** A writer: one teacher writing one mark over and over, each save a comment with the next number. */
interface Writer {
  sitting: Sitting;
  classStudentId: string;
  session: BenchSession;
  /** The number of the last save the server answered 200 to, and of the last one sent. */
  acknowledged: number;
  sent: number;
}

async function saveUntilStopped(baseUrl: string, round: number, writer: Writer, stopped: () => boolean) {
  while (!stopped()) {
    const n = writer.sent + 1;
    writer.sent = n;
    try {
      const response = await fetch(`${baseUrl}/api/attendance/${writer.sitting.schedule_id}`, {
        method: 'POST',
        headers: sessionHeaders(writer.session),
        body: attendanceSave(writer.sitting, writer.classStudentId, {
          status: AttendanceStatus.present,
          comment: `${round}:${n}`,
        }),
      });
      await response.arrayBuffer();
      if (response.ok) writer.acknowledged = n;
    } catch {
      return; // The server is gone.
    }
  }
}

/**
 * Issue #23: no acknowledged write is lost when the server dies at any moment. Each round starts the server
 * on the same PGlite folder (its database on a thread of its own), has `WRITERS` teachers save marks as fast
 * as it answers, kills it (`SIGKILL`) at a random moment, and then reads the folder: every mark must hold the
 * last save the server acknowledged, or the one after it (sent, stored, but killed before its answer).
 */
export async function benchDurability(): Promise<void> {
  const rounds = Number(process.env.BENCH_KILL_ROUNDS ?? 5);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'school-bench-kill-'));
  const config = { kind: 'pglite' as const, dataDir: path.join(dataDir, 'pglite') };
  try {
    await seed(dataDir, 1);
    const sittings = (await sittingsOf(config)).slice(0, WRITERS);
    const writers: Writer[] = [];
    let acknowledgedInAll = 0;
    let lost = 0;
    for (let round = 1; round <= rounds; round++) {
      const server = await startServer(Number(process.env.BENCH_PORT ?? 3091) + 7, {}, { dataDir });
      if (writers.length === 0) {
        // Sessions are rows of the database: signed in once, they outlive every kill.
        const sessions = new Map<string, BenchSession>();
        for (const sitting of sittings) {
          const session = sessions.get(sitting.email) ?? (await signIn(server, sitting.email, PASSWORD));
          sessions.set(sitting.email, session);
          const classStudentId = sitting.class_student_ids[0];
          if (!classStudentId) throw new Error(`sitting ${sitting.schedule_id} has no student`);
          writers.push({ sitting, classStudentId, session, acknowledged: 0, sent: 0 });
        }
      }
      for (const writer of writers) writer.sent = writer.acknowledged = 0;
      let stopped = false;
      const writing = writers.map((writer) => saveUntilStopped(server.baseUrl, round, writer, () => stopped));
      await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 2000));
      await server.kill();
      stopped = true;
      await Promise.all(writing);

      const database = await openDatabase(config);
      try {
        let roundLost = 0;
        for (const writer of writers) {
          const [row] = await database.db
            .select({ comment: attendances.comment })
            .from(attendances)
            .where(
              and(
                eq(attendances.classStudentId, writer.classStudentId),
                eq(attendances.scheduleId, writer.sitting.schedule_id),
              ),
            );
          const [storedRound, storedN] = (row?.comment ?? '0:0').split(':').map(Number);
          const stored = storedRound === round ? (storedN ?? 0) : 0;
          if (stored < writer.acknowledged || stored > writer.sent) roundLost += 1;
        }
        const acknowledged = writers.reduce((sum, writer) => sum + writer.acknowledged, 0);
        acknowledgedInAll += acknowledged;
        lost += roundLost;
        console.log(
          `round ${round}: ${acknowledged} saves acknowledged before the kill; marks not as acknowledged: ${roundLost} of ${writers.length}`,
        );
      } finally {
        await database.close();
      }
    }
    console.log(
      `${rounds} kills, ${acknowledgedInAll} acknowledged saves: ${lost === 0 ? 'none lost' : `${lost} marks LOST`}`,
    );
    if (lost > 0) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
