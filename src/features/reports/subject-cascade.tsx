import { useState } from 'react';
import type { ReportDefaultFilter } from '../../../domain/schemas/reports';
import { CascadeSelects } from '../shared/class-cascade';
import {
  type ClassFilter,
  chooseLevel,
  EMPTY_FILTER,
  FILTER_LEVELS,
  type FilterLevel,
  filterOptions,
} from '../shared/class-filter';
import { useFilterSources } from '../shared/use-filter-sources';

// The attendance report's filter stops at the subject: the class filter's cascade without its last level.
const LEVELS = FILTER_LEVELS.filter((level) => level !== 'classId');

/** The cascade a report's opening filter stands for (SPEC §3 defaultFilter); empty levels stay unchosen. */
function filterOf(initial: ReportDefaultFilter | null): ClassFilter {
  if (!initial) return EMPTY_FILTER;
  return {
    universityId: initial.universityId ?? '',
    facultyId: initial.facultyId ?? '',
    yearCodeId: initial.yearCodeId ?? '',
    subjectId: initial.subjectId ?? '',
    classId: '',
  };
}

/**
 * University → faculty → year code → subject, from the subjects on this device; choosing a subject calls
 * `onChooseSubject`. `initial` sets the levels once (remount with a new key to set them again).
 */
export function SubjectCascade({
  initial,
  onChooseSubject,
}: {
  initial: ReportDefaultFilter | null;
  onChooseSubject: (subjectId: string) => void;
}) {
  const sources = useFilterSources();
  const [filter, setFilter] = useState<ClassFilter>(() => filterOf(initial));
  const options = sources ? filterOptions(filter, sources.subjects, sources.master) : null;
  const choose = (level: FilterLevel, value: string) => {
    setFilter(chooseLevel(filter, level, value));
    if (level === 'subjectId' && value) onChooseSubject(value);
  };
  return (
    <CascadeSelects
      levels={LEVELS}
      filter={filter}
      options={options}
      onChoose={choose}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 print:hidden"
    />
  );
}
