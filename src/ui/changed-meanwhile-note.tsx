import { Trans } from '@lingui/react/macro';
import { Button } from './button';
import type { LiveForm } from './use-live-form';

/**
 * The note a form shows when the record it was opened on changed while the user was typing (`useLiveForm`):
 * the user's values stay until they choose to load the new version or to keep theirs.
 */
export function ChangedMeanwhileNote({
  form,
}: {
  form: Pick<LiveForm<unknown>, 'changedMeanwhile' | 'reload' | 'keepMine'>;
}) {
  if (!form.changedMeanwhile) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="min-w-0 flex-1">
        <Trans>
          This was changed meanwhile (on another device or by someone else). Your entries are kept.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={form.reload}>
          <Trans>Load the new version</Trans>
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={form.keepMine}>
          <Trans>Keep mine</Trans>
        </Button>
      </div>
    </div>
  );
}
