import { useFilterSources } from './use-filter-sources';

/** The names a class is known by: its subject's, its own and its year code's; empty while not on the device. */
export type ClassNames = { subject: string; className: string; yearCode: string };

/**
 * The names of a class as the class filter shows them, live, for what names the class outside the screen: an
 * export's file name and title row (issue 42: `achievement.xlsx` named no subject or class).
 */
export function useClassNames(classId: string): ClassNames {
  const sources = useFilterSources();
  const subjectClass = sources?.subjects.find((doc) => doc.kind === 'class' && doc.id === classId);
  const subject = sources?.subjects.find(
    (doc) => doc.kind === 'subject' && doc.id === subjectClass?.subjectId,
  );
  const names = new Map((sources?.master ?? []).map((row) => [row.id, row.name]));
  const nameOf = (id: string | null | undefined) => (id ? (names.get(id) ?? '') : '');
  return {
    subject: nameOf(subject?.subjectNameId),
    className: nameOf(subjectClass?.classNameId),
    yearCode: nameOf(subject?.yearCodeId),
  };
}

/** The names of a subject (its subject name and year code), live; empty while not on the device. */
export function useSubjectNames(subjectId: string): { subject: string; yearCode: string } {
  const sources = useFilterSources();
  const subject = sources?.subjects.find((doc) => doc.kind === 'subject' && doc.id === subjectId);
  const names = new Map((sources?.master ?? []).map((row) => [row.id, row.name]));
  return {
    subject: subject?.subjectNameId ? (names.get(subject.subjectNameId) ?? '') : '',
    yearCode: subject?.yearCodeId ? (names.get(subject.yearCodeId) ?? '') : '',
  };
}
