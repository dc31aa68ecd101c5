import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { SyncCollection } from '../../domain/sync';
import type { FirstPullProgress } from '../db/sync-state';
import { SYNC_COLLECTION_LABELS } from '../i18n/collection-labels';
import { formatInteger } from '../i18n/format';
import { localeOrDefault } from '../i18n/i18n';

/** The step of a first sync to show: the collection it is bringing, as step `step` of `steps`. */
export type FirstSyncStep = {
  step: number;
  steps: number;
  collection: SyncCollection;
  pulled: number;
  /** Null until the server has said how many rows the collection holds for the user. */
  total: number | null;
};

/**
 * Where a first sync stands, or null when no collection is still pulling (or nothing was reported). The
 * collections pull side by side; the one shown is the first unfinished in the registry's order, counted
 * after those already done ("3 of 11" once two are done).
 */
export function firstSyncStep(collections: readonly FirstPullProgress[]): FirstSyncStep | null {
  const pending = collections.filter((collection) => !collection.done);
  const current = pending[0];
  if (!current) return null;
  return {
    step: collections.length - pending.length + 1,
    steps: collections.length,
    collection: current.collection,
    pulled: current.pulled,
    total: current.total,
  };
}

/**
 * The first sync's progress: "Syncing 3 of 11: Attendance, 2,140 / 4,146" and a progress bar of that
 * collection's rows. Nothing while no collection is pulling.
 */
export function FirstSyncProgress({ collections }: { collections: readonly FirstPullProgress[] }) {
  const { t, i18n } = useLingui();
  const step = firstSyncStep(collections);
  if (!step) return null;
  const { name, pulled, total } = counted(step, i18n);
  const current = step.step;
  const steps = step.steps;
  const text =
    total === null
      ? t`Syncing ${current} of ${steps}: ${name}…`
      : t`Syncing ${current} of ${steps}: ${name}, ${pulled} / ${total}`;
  return <PullProgress text={text} pulled={step.pulled} total={step.total} />;
}

/**
 * One collection's first pull, for a screen waiting on it: "Subjects, 8,400 / 22,100" and its progress bar
 * (the row the screen was opened for arrives with it).
 */
export function CollectionPullProgress({ progress }: { progress: Omit<FirstPullProgress, 'done'> }) {
  const { t, i18n } = useLingui();
  const { name, pulled, total } = counted(progress, i18n);
  const text = total === null ? t`${name}…` : t`${name}, ${pulled} / ${total}`;
  return <PullProgress text={text} pulled={progress.pulled} total={progress.total} />;
}

/** A pull's collection name and counts, worded for the current language. */
function counted(progress: { collection: SyncCollection; pulled: number; total: number | null }, i18n: I18n) {
  const locale = localeOrDefault(i18n.locale);
  return {
    name: i18n._(SYNC_COLLECTION_LABELS[progress.collection]),
    pulled: formatInteger(progress.pulled, locale),
    total: progress.total === null ? null : formatInteger(progress.total, locale),
  };
}

/** The text of a pull's progress and its bar (empty while the total is unknown). */
function PullProgress({ text, pulled, total }: { text: string; pulled: number; total: number | null }) {
  const { t } = useLingui();
  const percent = total ? Math.min(100, Math.round((pulled / total) * 100)) : 0;
  return (
    <div className="flex w-full min-w-0 flex-col gap-2">
      <p className="text-sm text-slate-700 tabular-nums [overflow-wrap:anywhere]">{text}</p>
      <div
        role="progressbar"
        aria-label={t`First sync`}
        aria-valuetext={text}
        aria-valuemin={0}
        {...(total === null ? {} : { 'aria-valuenow': pulled, 'aria-valuemax': total })}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-blue-700 transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
