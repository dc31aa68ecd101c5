import { eq } from 'drizzle-orm';
import { FieldError } from '../../../domain/errors';
import { RANKING_IMPORT_MAX_ROWS, type RankingImportResponse } from '../../../domain/schemas/events';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Database } from '../../db/client';
import { events } from '../../db/schema';
import { notFound, validationFailed } from '../../http-error';
import { cellText, readFirstSheet } from '../achievement/import';
import { type ServiceRankingRow, serviceRankingRowSchema } from './coding-service';
import { replaceRanking } from './service';

/** The sheet's layout: a header row, then one place a row (the service's own fields, in its order). */
const COLUMNS = ['email', 'rank', 'score'] as const;
const HEADER_ROW = 1;

/**
 * `POST /api/viblo-event/{id}/ranking-import`: replaces an event's ranking with an uploaded xlsx, all rows or
 * none. Every bad cell is named (`rows.<sheet row>.<column>`); rows naming nobody of this school are skipped
 * and counted, as the job does with the service's answer.
 */
export async function importRanking(
  db: Database,
  eventId: string,
  bytes: Uint8Array,
  now: Date,
): Promise<RankingImportResponse> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound();
  const sheet = await readFirstSheet(bytes);
  if (sheet.rowCount - HEADER_ROW > RANKING_IMPORT_MAX_ROWS)
    throw validationFailed({ file: [ValidationCode.tooLarge] });

  const rows: ServiceRankingRow[] = [];
  const errors: Record<string, string[]> = {};
  for (let line = HEADER_ROW + 1; line <= sheet.rowCount; line++) {
    const cells = COLUMNS.map((_, index) =>
      (cellText(sheet.getRow(line).getCell(index + 1).value) ?? '').trim(),
    );
    if (cells.every((cell) => cell === '')) continue;
    const [email = '', rank = '', score = ''] = cells;
    const parsed = serviceRankingRowSchema.safeParse({ email, rank: Number(rank), score: Number(score) });
    if (parsed.success && rank !== '' && score !== '') {
      rows.push(parsed.data);
      continue;
    }
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      errors[`rows.${line}.${String(issue.path[0])}`] = [FieldError.invalid];
    }
    if (rank === '') errors[`rows.${line}.rank`] = [FieldError.required];
    if (score === '') errors[`rows.${line}.score`] = [FieldError.required];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  if (rows.length === 0) throw validationFailed({ file: [ValidationCode.importEmpty] });
  const stored = await replaceRanking(db, eventId, rows, now);
  if (stored === null) throw notFound();
  return { stored, skipped: rows.length - stored };
}
