import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useIsMobile } from '../../app/use-is-mobile';
import type { MasterDocType } from '../../db/master-schema';
import { Button } from '../../ui/button';
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
  return <ClassCascadeFields sources={useFilterSources()} compact={useIsMobile()} {...props} />;
}

/**
 * The cascade's fields over given sources (undefined while they load). `compact` (a phone): once the screen's
 * class is chosen, one line names it with a button to change it, so the class's rows come first instead of
 * five stacked selects.
 */
export function ClassCascadeFields({
  sources,
  classId,
  onChooseClass,
  compact = false,
}: {
  sources: CascadeSources | undefined;
  classId: string;
  onChooseClass: (classId: string) => void;
  compact?: boolean;
}) {
  const [filter, setFilter] = useState<ClassFilter>(EMPTY_FILTER);
  const [changing, setChanging] = useState(false);

  // A class from the link (or remembered) sets the whole cascade once its subject is known locally.
  useEffect(() => {
    if (!sources || !classId) return;
    const fromClass = filterOfClass(classId, sources.subjects);
    if (fromClass) setFilter(fromClass);
  }, [sources, classId]);

  const options = sources ? filterOptions(filter, sources.subjects, sources.master) : null;
  const choose = (level: FilterLevel, value: string) => {
    setFilter(chooseLevel(filter, level, value));
    if (level === 'classId' && value) {
      setChanging(false);
      onChooseClass(value);
    }
  };
  if (compact && !changing && options && classId !== '' && filter.classId === classId) {
    return <ChosenClass filter={filter} options={options} onChange={() => setChanging(true)} />;
  }
  return (
    <CascadeSelects
      levels={FILTER_LEVELS}
      filter={filter}
      options={options}
      onChoose={choose}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
    />
  );
}

/** The chosen class in one line (subject · class, then where it belongs) and the button that reopens the cascade. */
function ChosenClass({
  filter,
  options,
  onChange,
}: {
  filter: ClassFilter;
  options: Record<FilterLevel, { value: string; label: string }[]>;
  onChange: () => void;
}) {
  const { t } = useLingui();
  const name = (level: FilterLevel) =>
    options[level].find((option) => option.value === filter[level])?.label ?? '';
  const place = [name('universityId'), name('facultyId'), name('yearCodeId')].filter(Boolean).join(' / ');
  return (
    <section
      aria-label={t`Chosen class`}
      className="flex items-center justify-between gap-3 rounded border border-slate-200 bg-white p-3"
    >
      <div className="min-w-0">
        <p className="font-medium break-words">
          {name('subjectId')} · {name('classId')}
        </p>
        <p className="text-xs break-words text-slate-600">{place}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={onChange}>
        {t`Change class`}
      </Button>
    </section>
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
