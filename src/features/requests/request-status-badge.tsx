import { Trans, useLingui } from '@lingui/react/macro';
import type { RequestStatus } from '../../../domain/request-status';
import { cn } from '../../ui/cn';
import { STATUS_LABELS, STATUS_TONES } from './request-labels';

/** A request's status as a coloured badge; a request not on the server yet says it is waiting to send. */
export function RequestStatusBadge({ status, waiting }: { status: RequestStatus; waiting: boolean }) {
  const { i18n } = useLingui();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className={cn('rounded px-2 py-0.5 text-xs font-medium', STATUS_TONES[status])}>
        {i18n._(STATUS_LABELS[status])}
      </span>
      {waiting && (
        <span className="rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-800">
          <Trans>Waiting to send</Trans>
        </span>
      )}
    </span>
  );
}
