import { MasterKind } from '../../../domain/master-kind';
import type { MasterDocType } from '../../db/master-schema';
import { useMasterDocs } from '../../db/use-master-docs';

/** The master rows the subject screens name things by, and one id → name map over them all. */
export function useMasterNames() {
  const subjectNames = useMasterDocs(MasterKind.subjectNames).rows;
  const universities = useMasterDocs(MasterKind.universities).rows;
  const faculties = useMasterDocs(MasterKind.faculties).rows;
  const yearCodes = useMasterDocs(MasterKind.yearCodes).rows;
  const classNames = useMasterDocs(MasterKind.classNames).rows;
  const rooms = useMasterDocs(MasterKind.rooms).rows;
  const examNames = useMasterDocs(MasterKind.examNames).rows;
  const names = new Map<string, string>();
  for (const row of [...subjectNames, ...universities, ...faculties, ...yearCodes, ...classNames, ...rooms]) {
    names.set(row.id, row.name);
  }
  return { names, subjectNames, universities, faculties, yearCodes, classNames, rooms, examNames };
}

/** Select options of master rows, optionally only a university's (rows of no university fit every one). */
export function optionsOf(rows: readonly MasterDocType[], universityId?: string) {
  return rows
    .filter((row) => ofUniversity(row, universityId))
    .map((row) => ({ value: row.id, label: row.name }));
}

/** Whether a master row is offered under a university filter: any row without one, else the university's. */
export function ofUniversity(row: MasterDocType, universityId?: string): boolean {
  return !universityId || row.universityId === null || row.universityId === universityId;
}
