import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../i18n/error-messages';
import { AsOf } from '../../ui/as-of';
import { Skeleton } from '../../ui/skeleton';

/**
 * What a report shows above its answer: "as of" over a kept answer shown offline, or why there is nothing
 * (`offline_feature` offline with nothing kept), or a loading block while the first answer comes.
 */
export function ViewState({
  view,
}: {
  view: { value: unknown; at: number | null; stale: boolean; failure: string | null };
}) {
  const { i18n } = useLingui();
  if (view.stale && view.at !== null) return <AsOf at={view.at} />;
  if (view.failure)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(i18n, view.failure)}
      </p>
    );
  if (view.value === null) return <Skeleton className="h-24 w-full" />;
  return null;
}
