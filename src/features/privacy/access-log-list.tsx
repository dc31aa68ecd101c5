import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { AccessKind } from '../../../domain/access-log';
import { isAccountRole } from '../../../domain/roles';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { ROLE_LABELS } from '../../i18n/role-labels';
import { EmptyState } from '../../ui/empty-state';

/** What each kind of read the server logs (docs/access-log.md) was, worded for whoever's record it was. */
export const ACCESS_KIND_LABELS: Record<AccessKind, MessageDescriptor> = {
  [AccessKind.studentScreen]: msg`Opened the student's page`,
  [AccessKind.studentRecord]: msg`Viewed attendance and scores across subjects`,
  [AccessKind.classSheet]: msg`Opened a class sheet`,
  [AccessKind.report]: msg`Viewed a report that lists the student`,
  [AccessKind.syncPull]: msg`A device downloaded the class's records`,
  [AccessKind.request]: msg`Read a request`,
  [AccessKind.recordExport]: msg`Downloaded the whole record`,
  [AccessKind.erasure]: msg`The school's server erased the identity`,
};

/** One read of a student's record as the lists show it: who (none for the server's own job), when, what. */
export type AccessLogItem = {
  id: number;
  at: string;
  kind: AccessKind;
  subject: { name: string } | null;
  reader: { name: string; role: number } | null;
};

/**
 * The reads of a student's record, newest first as the server sends them: the reader's name and role, the
 * date and time, and what was read (the kind worded, and the subject it was under). One card a row on a phone.
 */
export function AccessLogList({ entries }: { entries: readonly AccessLogItem[] }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  if (entries.length === 0) return <EmptyState title={t`Nobody has looked at this record yet.`} />;
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
      {entries.map((entry) => {
        const role =
          entry.reader && isAccountRole(entry.reader.role) ? i18n._(ROLE_LABELS[entry.reader.role]) : null;
        return (
          <li key={entry.id} className="flex flex-col gap-0.5 px-3 py-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="min-w-0 break-words font-medium">
                {entry.reader?.name ?? t`The school's server`}
              </span>
              <time dateTime={entry.at} className="tabular-nums text-slate-600">
                {formatDate(entry.at, locale, 'dateTime')}
              </time>
            </div>
            {role && <span className="text-slate-600">{role}</span>}
            <span className="min-w-0 break-words">
              {i18n._(ACCESS_KIND_LABELS[entry.kind])}
              {entry.subject && <span className="text-slate-600"> · {entry.subject.name}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
