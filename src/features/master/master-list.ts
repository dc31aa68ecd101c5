import type { z } from 'zod';
import { MASTER_SETTING_SEGMENTS, type MasterSettingSegment, YEAR_CODE_COLORS } from '../../../domain/master';
import { MasterKind, type MasterSettingTab } from '../../../domain/master-kind';
import { nameKey } from '../../../domain/names';
import { masterSettingWriteSchemas } from '../../../domain/schemas/master-setting';
import type { MasterDocType } from '../../db/master-schema';

/** Rows per page of a master list (the search call's default limit). */
export const MASTER_PAGE_SIZE = 10;

/** The relations a tab's rows have, and whether each must be set (SPEC §3; the call's body schema agrees). */
export const MASTER_RELATIONS: Record<
  MasterSettingTab,
  { university?: 'required' | 'optional'; faculty?: true; subjectName?: true; color?: true }
> = {
  [MasterKind.yearCodes]: { university: 'required', faculty: true, color: true },
  [MasterKind.universities]: {},
  [MasterKind.classNames]: { university: 'optional' },
  [MasterKind.examNames]: { subjectName: true },
  [MasterKind.rooms]: { university: 'required' },
  [MasterKind.subjectNames]: {},
  [MasterKind.faculties]: { university: 'required' },
};

/** The call segment (`year-codes`, `classes`…) of a tab's kind. */
export function segmentOf(kind: MasterSettingTab): MasterSettingSegment {
  const entry = Object.entries(MASTER_SETTING_SEGMENTS).find(([, tabKind]) => tabKind === kind);
  // MASTER_SETTING_SEGMENTS names every tab once; a tab without a segment is a programming error.
  if (!entry) throw new Error(`no segment for ${kind}`);
  return entry[0] as MasterSettingSegment;
}

/** The search of one master list (SPEC §3 "Master search": param, page, university, subjectNameId). */
export type MasterListSearch = { param: string; university: string; subjectNameId: string; page: number };

/** A fresh search: everything, first page. */
export const EMPTY_MASTER_SEARCH: MasterListSearch = {
  param: '',
  university: '',
  subjectNameId: '',
  page: 1,
};

/** Whether a row matches the search: the name contains `param` (width- and case-blind) and the filters hold. */
export function matchesSearch(row: MasterDocType, search: MasterListSearch): boolean {
  if (search.university && row.universityId !== search.university) return false;
  if (search.subjectNameId && row.subjectNameId !== search.subjectNameId) return false;
  const param = nameKey(search.param);
  return param === '' || nameKey(row.name).includes(param);
}

/**
 * The rows a list shows, in order: rows created here in this visit first, newest first (SPEC §3 "create
 * prepends"), then the rest in the local name order. Edits keep a row where it is; deletes drop it.
 */
export function orderedRows(
  rows: readonly MasterDocType[],
  createdIds: readonly string[],
  search: MasterListSearch,
): MasterDocType[] {
  const matching = rows.filter((row) => matchesSearch(row, search));
  const created = createdIds.flatMap((id) => matching.filter((row) => row.id === id));
  const pinned = new Set(createdIds);
  return [...created, ...matching.filter((row) => !pinned.has(row.id))];
}

/** One page of rows (pages count from 1; a page past the end shows the last one). */
export function pageOf<T>(rows: readonly T[], page: number, size = MASTER_PAGE_SIZE): T[] {
  const last = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), last);
  return rows.slice((current - 1) * size, current * size);
}

/** What the master form holds: every field any tab has, empty text for unset. */
export type MasterFormValues = {
  name: string;
  university_id: string;
  faculty_id: string;
  subject_name_id: string;
  color: YearCodeColor | '';
};

/** A palette colour of year codes. */
export type YearCodeColor = (typeof YEAR_CODE_COLORS)[number];

/** Whether a stored colour is one of the palette's (an older row may hold another). */
export function isYearCodeColor(color: string | null): color is YearCodeColor {
  return (YEAR_CODE_COLORS as readonly (string | null)[]).includes(color);
}

/** The form of a new row, or of an existing one to edit. */
export function formValuesOf(row: MasterDocType | null): MasterFormValues {
  return {
    name: row?.name ?? '',
    university_id: row?.universityId ?? '',
    faculty_id: row?.facultyId ?? '',
    subject_name_id: row?.subjectNameId ?? '',
    color: row && isYearCodeColor(row.color) ? row.color : '',
  };
}

/** The body of a create or update of `kind`: the name and only the relations that kind has. */
export function writeBodyOf(kind: MasterSettingTab, values: MasterFormValues) {
  const relations = MASTER_RELATIONS[kind];
  return {
    name: values.name,
    ...(relations.university ? { university_id: values.university_id || null } : {}),
    ...(relations.faculty ? { faculty_id: values.faculty_id || null } : {}),
    ...(relations.subjectName ? { subject_name_id: values.subject_name_id || null } : {}),
    ...(relations.color && values.color ? { color: values.color } : {}),
  };
}

/** Field codes of a refused parse, keyed by the field path (`name`, `rooms.3.name`). */
export function fieldCodes(error: z.ZodError): Record<string, string> {
  const codes: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.');
    codes[field] ??= issue.message;
  }
  return codes;
}

/**
 * The form checked with the call's own body schema before it is sent: field codes, empty when it passes. A
 * refused field left empty reads as `required`, as the server words a missing field.
 */
export function checkMasterForm(kind: MasterSettingTab, values: MasterFormValues): Record<string, string> {
  const parsed = masterSettingWriteSchemas[segmentOf(kind)].safeParse(writeBodyOf(kind, values));
  if (parsed.success) return {};
  const codes = fieldCodes(parsed.error);
  for (const field of Object.keys(codes)) {
    if (field in values && values[field as keyof MasterFormValues].trim() === '') codes[field] = 'required';
  }
  return codes;
}

/** The names of a pasted list of rooms: one a line, blank lines dropped, each trimmed. */
export function pastedNames(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
