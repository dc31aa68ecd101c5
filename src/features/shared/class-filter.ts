import { z } from 'zod';
import type { MasterDocType } from '../../db/master-schema';

/**
 * The class filter of /attendance and /achievement (SPEC §3 "Filter: university, yearCode, faculty, subject,
 * subjectClass"): each level narrows the next.
 */
export interface ClassFilter {
  universityId: string;
  facultyId: string;
  yearCodeId: string;
  subjectId: string;
  classId: string;
}

/** No level chosen. */
export const EMPTY_FILTER: ClassFilter = {
  universityId: '',
  facultyId: '',
  yearCodeId: '',
  subjectId: '',
  classId: '',
};

/** The levels, top down. */
export const FILTER_LEVELS = ['universityId', 'facultyId', 'yearCodeId', 'subjectId', 'classId'] as const;
/** One level of the cascade. */
export type FilterLevel = (typeof FILTER_LEVELS)[number];

/** Sets one level and clears every level under it, whose choices depended on it. */
export function chooseLevel(filter: ClassFilter, level: FilterLevel, value: string): ClassFilter {
  const index = FILTER_LEVELS.indexOf(level);
  const next = { ...filter, [level]: value };
  for (const below of FILTER_LEVELS.slice(index + 1)) next[below] = '';
  return next;
}

/** A subject or class as the cascade reads it from the local `subjects` collection. */
export interface FilterSubjectDoc {
  id: string;
  kind: string;
  subjectId: string;
  universityId: string;
  facultyId: string | null;
  yearCodeId: string | null;
  subjectNameId: string | null;
  classNameId: string | null;
}

/** One choice of a level. */
export type FilterOption = { value: string; label: string };

const collator = new Intl.Collator(undefined, { numeric: true });

function options(ids: Iterable<string>, names: ReadonlyMap<string, string>): FilterOption[] {
  return [...new Set(ids)]
    .map((id) => ({ value: id, label: names.get(id) ?? id }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/**
 * The choices of every level: only universities, faculties and year codes that hold a subject the user sees
 * locally, so a teacher is offered their own subjects and classes.
 */
export function filterOptions(
  filter: ClassFilter,
  subjects: readonly FilterSubjectDoc[],
  master: readonly MasterDocType[],
): Record<FilterLevel, FilterOption[]> {
  const names = new Map(master.map((row) => [row.id, row.name]));
  const subjectRows = subjects.filter((doc) => doc.kind === 'subject');
  const inUniversity = subjectRows.filter((doc) => doc.universityId === filter.universityId);
  const inFaculty = inUniversity.filter((doc) => doc.facultyId === filter.facultyId);
  const inYearCode = inFaculty.filter((doc) => doc.yearCodeId === filter.yearCodeId);
  const classes = subjects.filter((doc) => doc.kind === 'class' && doc.subjectId === filter.subjectId);
  return {
    universityId: options(
      subjectRows.map((doc) => doc.universityId),
      names,
    ),
    facultyId: options(
      inUniversity.flatMap((doc) => (doc.facultyId ? [doc.facultyId] : [])),
      names,
    ),
    yearCodeId: options(
      inFaculty.flatMap((doc) => (doc.yearCodeId ? [doc.yearCodeId] : [])),
      names,
    ),
    subjectId: inYearCode
      .map((doc) => ({ value: doc.id, label: names.get(doc.subjectNameId ?? '') ?? doc.id }))
      .sort((a, b) => collator.compare(a.label, b.label)),
    classId: classes
      .map((doc) => ({ value: doc.id, label: names.get(doc.classNameId ?? '') ?? doc.id }))
      .sort((a, b) => collator.compare(a.label, b.label)),
  };
}

/** The whole cascade of a class, read back from its subject (for a `subjectClass` link or a remembered one). */
export function filterOfClass(classId: string, subjects: readonly FilterSubjectDoc[]): ClassFilter | null {
  const subjectClass = subjects.find((doc) => doc.kind === 'class' && doc.id === classId);
  const subject = subjects.find((doc) => doc.kind === 'subject' && doc.id === subjectClass?.subjectId);
  if (!subjectClass || !subject) return null;
  return {
    universityId: subject.universityId,
    facultyId: subject.facultyId ?? '',
    yearCodeId: subject.yearCodeId ?? '',
    subjectId: subject.id,
    classId,
  };
}

// One remembered class for both screens: they show the same class's attendance and scores, and a teacher
// switching between them through the menu (links without `subjectClass`) stays on the class at hand.
const STORAGE_KEY = 'subject-class-filter';
const storedSchema = z.object({ classId: z.string().max(64) });

/** The class last chosen on this device on /attendance or /achievement, if any. */
export function rememberedClassId(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data.classId : null;
  } catch {
    return null;
  }
}

/** Remembers the chosen class for the next visit. */
export function rememberClassId(storage: Pick<Storage, 'setItem'>, classId: string): void {
  storage.setItem(STORAGE_KEY, JSON.stringify({ classId }));
}
