import { Trans } from '@lingui/react/macro';
/** The mark of a sitting that is running now, beside its time (the calendar and "My day"). */
export function NowBadge() {
  return (
    <span className="ml-2 rounded bg-emerald-700 px-1 text-xs text-white">
      <Trans>Now</Trans>
    </span>
  );
}
