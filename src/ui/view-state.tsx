import { AsOf } from './as-of';
import { CodedErrorNote } from './error-note';
import { Skeleton } from './skeleton';

/**
 * What an online-only view (a report, an access log) shows above its answer: "as of" over a kept answer shown offline, or why there is nothing
 * (`offline_feature` offline with nothing kept), or a loading block while the first answer comes.
 */
export function ViewState({
  view,
}: {
  view: { value: unknown; at: number | null; stale: boolean; failure: string | null };
}) {
  if (view.stale && view.at !== null) return <AsOf at={view.at} />;
  if (view.failure) return <CodedErrorNote code={view.failure} />;
  if (view.value === null) return <Skeleton className="h-24 w-full" />;
  return null;
}
