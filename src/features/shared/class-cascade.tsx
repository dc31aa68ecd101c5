import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { MasterDocType } from '../../db/master-schema';
import { SelectField } from '../../ui/select-field';
import {
  type ClassFilter,
  chooseLevel,
  EMPTY_FILTER,
  FILTER_LEVELS,
  type FilterLevel,
  type FilterSubjectDoc,
  filterOfClass,
  filterOptions,
} from './class-filter';
import { useFilterSources } from './use-filter-sources';

/** What the cascade offers: the subjects and classes on this device and the master rows naming them. */
export type CascadeSources = { subjects: FilterSubjectDoc[]; master: MasterDocType[] };

/**
 * The class filter of /attendance and /achievement: university → faculty → year code → subject → class,
 * from the local database. `classId` is the screen's class (from `?subjectClass=`); choosing a class calls
 * `onChooseClass`.
 */
export function ClassCascade(props: { classId: string; onChooseClass: (classId: string) => void }) {
  return <ClassCascadeFields sources={useFilterSources()} {...props} />;
}

/** The cascade's fields over given sources (undefined while they load). */
export function ClassCascadeFields({
  sources,
  classId,
  onChooseClass,
}: {
  sources: CascadeSources | undefined;
  classId: string;
  onChooseClass: (classId: string) => void;
}) {
  const [filter, setFilter] = useState<ClassFilter>(EMPTY_FILTER);

  // A class from the link (or remembered) sets the whole cascade once its subject is known locally.
  useEffect(() => {
    if (!sources || !classId) return;
    const fromClass = filterOfClass(classId, sources.subjects);
    if (fromClass) setFilter(fromClass);
  }, [sources, classId]);

  const options = sources ? filterOptions(filter, sources.subjects, sources.master) : null;
  const choose = (level: FilterLevel, value: string) => {
    setFilter(chooseLevel(filter, level, value));
    if (level === 'classId' && value) onChooseClass(value);
  };
  return (
    <CascadeSelects
      levels={FILTER_LEVELS}
      filter={filter}
      options={options}
      onChoose={choose}
      className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-5"
    />
  );
}

/**
 * The selects of a cascade over `levels` of the class filter (all five, or those down to the subject for a
 * report), labelled alike on every screen.
 */
export function CascadeSelects({
  levels,
  filter,
  options,
  onChoose,
  className,
}: {
  levels: readonly FilterLevel[];
  filter: ClassFilter;
  options: Record<FilterLevel, { value: string; label: string }[]> | null;
  onChoose: (level: FilterLevel, value: string) => void;
  className: string;
}) {
  const { t } = useLingui();
  const labels: Record<FilterLevel, string> = {
    universityId: t`University`,
    facultyId: t`Faculty`,
    yearCodeId: t`Year code`,
    subjectId: t`Subject`,
    classId: t`Class`,
  };
  return (
    <div className={className}>
      {levels.map((level) => (
        <SelectField
          key={level}
          label={labels[level]}
          value={filter[level]}
          placeholder={t`Choose`}
          options={options?.[level] ?? []}
          onChange={(event) => onChoose(level, event.target.value)}
        />
      ))}
    </div>
  );
}
