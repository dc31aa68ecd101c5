import { combineLatest, map } from 'rxjs';
import { SubjectDocKind } from '../../../domain/sync-docs';
import type { MasterDocType } from '../../db/master-schema';
import { uniqueDocuments } from '../../db/queries/rows';
import { useLiveQuery } from '../../db/use-live-query';
import type { FilterSubjectDoc } from './class-filter';

const json = <T>(documents: { primary: string; toMutableJSON(): T }[]) =>
  uniqueDocuments(documents).map((document) => document.toMutableJSON());

/** The subjects and classes the class filter offers, and the master rows that name them; live. */
export function useFilterSources(): { subjects: FilterSubjectDoc[]; master: MasterDocType[] } | undefined {
  return useLiveQuery(
    (database) =>
      combineLatest([
        database.subjects
          .find({ selector: { kind: { $in: [SubjectDocKind.subject, SubjectDocKind.subjectClass] } } })
          .$.pipe(map(json)),
        database.master.find().$.pipe(map(json)),
      ]).pipe(map(([subjects, master]) => ({ subjects, master }))),
    [],
  );
}
