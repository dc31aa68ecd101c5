import { z } from 'zod';
import type { StudentSearchQuery } from '../../../domain/schemas/people';

const text = z.string().max(255).optional().catch(undefined);
const flag = z.enum(['true', 'false']).optional().catch(undefined);

/**
 * The `/students` search as the URL keeps it (SPEC §3 filter names), text as typed, so a shared or reloaded
 * link shows the same page. The server checks each value; an unreadable one shows its error, not a crash.
 */
export const studentsUrlSearchSchema = z.object({
  param: text,
  page: z.coerce.number().int().min(1).catch(1).optional(),
  university: text,
  yearCode: text,
  faculty: text,
  jlpt: text,
  scholarship: flag,
  subject: text,
  lesson: text,
  classes: text,
  attendance: text,
  compareAttendance: text,
  numberAttendance: text,
  achievement: text,
  numberAchievement: text,
  grade: text,
  numberGrade: text,
  sortType: z.enum(['asc', 'desc']).optional().catch(undefined),
  offYearCodeFilter: flag,
  scoreNameId: text,
}) satisfies z.ZodType<Partial<Record<keyof StudentSearchQuery, unknown>>>;

/** Parsed `/students` search. */
export type StudentsUrlSearch = z.infer<typeof studentsUrlSearchSchema>;

/** The search without its empty filters, as the call and the stored view key take it. */
export function activeFilters(search: StudentsUrlSearch): StudentsUrlSearch {
  return Object.fromEntries(
    Object.entries(search).filter(([, value]) => value !== undefined && value !== ''),
  ) as StudentsUrlSearch;
}
