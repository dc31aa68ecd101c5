import type { FastifyRequest } from 'fastify';
import { AccessKind } from '../../domain/access-log';
import type { SyncCollection } from '../../domain/sync';
import type { AccessLogRecorder } from './recorder';

/**
 * Records a pull page's student records: one entry per subject the page holds records of (the documents
 * name their subject, not their class, and a teacher pulls only the classes they teach), never one per row.
 * A page of no records (a caught-up device's empty pull) records nothing.
 */
export function recordPulledRecords(
  accessLog: AccessLogRecorder,
  request: FastifyRequest,
  collection: SyncCollection,
  records: readonly ({ subjectId: string; studentId: string } | null)[],
): void {
  const user = request.user;
  if (!user) return;
  const bySubject = new Map<string, Set<string>>();
  for (const record of records) {
    if (!record) continue;
    let students = bySubject.get(record.subjectId);
    if (!students) {
      students = new Set();
      bySubject.set(record.subjectId, students);
    }
    students.add(record.studentId);
  }
  for (const [subjectId, students] of bySubject) {
    accessLog.record({
      actor: { id: user.id, role: user.role },
      sessionId: request.sessionId,
      kind: AccessKind.syncPull,
      what: { collection, subjectId },
      studentIds: [...students],
    });
  }
}

/**
 * `recordOf` of a collection whose documents carry their subject and student: a live document naming a
 * student is that student's record; a deletion or a document about no student is nobody's.
 */
export function studentRecordOf(doc: {
  subjectId: string;
  studentId: string | null;
  _deleted: boolean;
}): { subjectId: string; studentId: string } | null {
  if (doc._deleted || doc.studentId === null) return null;
  return { subjectId: doc.subjectId, studentId: doc.studentId };
}
