import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { RequestStatus } from '../../../domain/request-status';
import { RequestType } from '../../../domain/requests';
import { SortType } from '../../../domain/search-params';
import { SyncCollection } from '../../../domain/sync';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { type Column, DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { Pagination } from '../../ui/pagination';
import { Screen } from '../../ui/screen';
import { SelectField } from '../../ui/select-field';
import { Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { useEmptyWording } from '../shared/arriving-or-empty';
import { classChoice, distinctOptions } from '../shared/distinct-options';
import { ScreenLink } from '../shared/screen-link';
import { OPTION_LABELS, STATUS_LABELS, TYPE_LABELS } from './request-labels';
import { filterRequests, REQUEST_PAGE_SIZE, type RequestRow } from './request-list';
import { REQUEST_TABS, type RequestListSearch } from './request-list-search';
import { RequestStatusBadge } from './request-status-badge';
import { useRequestRows } from './use-requests';

/** What a request is about, in one line: the sitting or the score, else the subject alone. */
export function RequestAbout({ row }: { row: RequestRow }) {
  const { i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  if (row.sitting) {
    return (
      <span>
        {formatDate(row.sitting.day, locale)} {row.sitting.startTime} {row.sitting.lessonName}
      </span>
    );
  }
  if (row.scoreName !== null) {
    return (
      <span>
        {row.scoreName}
        {row.doc.points !== null && <> → {row.doc.points}</>}
      </span>
    );
  }
  return <span>—</span>;
}

/**
 * The request list (SPEC §2 /requests): the status tabs requesting / approved / rejected (the tab is
 * remembered), the SPEC §3 filters, newest first, ten a page. It reads the local database, so a request filed
 * offline shows at once as waiting to send, and a decision made elsewhere arrives live. Students see their
 * own requests, teachers those of their classes, admins all: the sync scope already holds only those.
 */
export function RequestsScreen({
  tab,
  search,
  showStudent,
  fileHref,
  studentId,
  isMobile,
  onSearchChange,
}: {
  tab: number;
  search: RequestListSearch;
  showStudent: boolean;
  /** Where "New request" opens; no button when the user files none. */
  fileHref?: string;
  /** One student's requests only: a guardian's child's (issue 43). */
  studentId?: string;
  isMobile: boolean;
  onSearchChange: (search: RequestListSearch) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const rows = useRequestRows();
  const noRequests = useEmptyWording([SyncCollection.requests], t`No requests`);
  const all = (rows ?? []).filter((row) => studentId === undefined || row.doc.studentId === studentId);
  const change = (patch: Partial<RequestListSearch>) => onSearchChange({ ...search, page: 1, ...patch });

  const subjects = uniqueOptions(all.map((row) => ({ value: row.doc.subjectId, label: row.subjectName })));
  // Classes of several subjects share names ("A組" of each): the shared rule adds the subject where they do.
  const classes = distinctOptions(
    uniqueOptions(
      all
        .filter((row) => !search.subject || row.doc.subjectId === search.subject)
        .flatMap((row) => (row.doc.classId ? [{ value: row.doc.classId, label: row.className ?? '' }] : [])),
    ).map((option) =>
      classChoice({
        id: option.value,
        name: option.label,
        subjectName: all.find((row) => row.doc.classId === option.value)?.subjectName,
      }),
    ),
  );

  const columns: Column<RequestRow>[] = [
    {
      key: 'created',
      header: t`Filed`,
      cell: (row) => formatDate(row.doc.createdAt, locale, 'dateTime'),
    },
    ...(showStudent
      ? [
          {
            key: 'student',
            header: t`Student`,
            cell: (row: RequestRow) => `${row.studentIdentity} ${row.studentName}`.trim(),
          },
        ]
      : []),
    {
      key: 'subject',
      header: t`Subject`,
      cell: (row) => [row.subjectName, row.className].filter(Boolean).join(' / '),
    },
    { key: 'kind', header: t`Request`, cell: (row) => i18n._(OPTION_LABELS[row.doc.option]) },
    { key: 'about', header: t`About`, cell: (row) => <RequestAbout row={row} /> },
    {
      key: 'content',
      header: t`Content`,
      cell: (row) => <span className="line-clamp-2 max-w-xs break-words">{row.doc.content}</span>,
    },
    {
      key: 'status',
      header: t`Status`,
      cell: (row) => <RequestStatusBadge status={row.doc.status} waiting={row.waiting} />,
    },
    {
      key: 'open',
      header: <span className="sr-only">{t`Open`}</span>,
      cell: (row) => (
        <Link
          to="/requests/$requestId"
          params={{ requestId: row.doc.id }}
          className="text-blue-800 underline"
          aria-label={t`Open the request of ${formatDate(row.doc.createdAt, locale, 'dateTime')}`}
        >
          <Trans>Open</Trans>
        </Link>
      ),
    },
  ];

  const panel = (status: RequestStatus) => {
    const { rows: shown, total } = filterRequests(all, tab, search);
    const caption = i18n._(STATUS_LABELS[status]);
    return (
      <div className="flex flex-col gap-4">
        {isMobile ? (
          <RequestCards rows={shown} loading={rows === undefined} />
        ) : (
          <DataTable
            caption={caption}
            columns={columns}
            rows={shown}
            rowKey={(row) => row.doc.id}
            loading={rows === undefined}
            emptyTitle={noRequests}
          />
        )}
        <Pagination
          page={search.page ?? 1}
          total={total}
          perPage={REQUEST_PAGE_SIZE}
          onPageChange={(page) => onSearchChange({ ...search, page })}
        />
      </div>
    );
  };

  return (
    <Screen
      title={<Trans>Requests</Trans>}
      action={
        fileHref && (
          <ScreenLink
            to={fileHref}
            className="inline-flex h-10 items-center rounded-md bg-blue-800 px-4 text-sm font-medium text-white hover:bg-blue-900"
          >
            <Trans>New request</Trans>
          </ScreenLink>
        )
      }
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <TextField
          type="search"
          label={t`Search`}
          value={search.param ?? ''}
          onChange={(event) => change({ param: event.target.value || undefined })}
        />
        <SelectField
          label={t`Type`}
          placeholder={t`All types`}
          value={search.type === undefined ? '' : String(search.type)}
          onChange={(event) =>
            change({ type: event.target.value === '' ? undefined : Number(event.target.value) })
          }
          options={Object.values(RequestType).map((type) => ({
            value: String(type),
            label: i18n._(TYPE_LABELS[type]),
          }))}
        />
        <SelectField
          label={t`Subject`}
          placeholder={t`All subjects`}
          value={search.subject ?? ''}
          onChange={(event) => change({ subject: event.target.value || undefined, subjectClass: undefined })}
          options={subjects}
        />
        <SelectField
          label={t`Class`}
          placeholder={t`All classes`}
          value={search.subjectClass ?? ''}
          onChange={(event) => change({ subjectClass: event.target.value || undefined })}
          options={classes}
        />
        <SelectField
          label={t`Order`}
          value={search.sortType ?? SortType.desc}
          onChange={(event) =>
            change({ sortType: event.target.value === SortType.asc ? SortType.asc : undefined })
          }
          options={[
            { value: SortType.desc, label: t`Newest first` },
            { value: SortType.asc, label: t`Oldest first` },
          ]}
        />
      </div>
      <Tabs
        label={t`Request status`}
        value={String(tab)}
        onValueChange={(value) => onSearchChange({ ...search, tab: Number(value), page: 1 })}
        items={REQUEST_TABS.map((status, index) => ({
          value: String(index + 1),
          label: i18n._(STATUS_LABELS[status]),
          content: index + 1 === tab ? panel(status) : null,
        }))}
      />
    </Screen>
  );
}

function uniqueOptions(options: readonly { value: string; label: string }[]) {
  const seen = new Map<string, string>();
  for (const option of options) if (!seen.has(option.value)) seen.set(option.value, option.label);
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The phone's list: one card per request, the whole card opening it. */
function RequestCards({ rows, loading }: { rows: readonly RequestRow[]; loading: boolean }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const noRequests = useEmptyWording([SyncCollection.requests], t`No requests`);
  if (!loading && rows.length === 0) return <EmptyState title={noRequests} />;
  return (
    <ul className="flex flex-col gap-2" aria-label={t`Requests`}>
      {rows.map((row) => (
        <li key={row.doc.id}>
          <Link
            to="/requests/$requestId"
            params={{ requestId: row.doc.id }}
            className="flex flex-col gap-1 rounded-md border border-slate-200 bg-white p-3 hover:bg-slate-50"
          >
            <span className="flex items-center justify-between gap-2">
              <span className="font-medium">{i18n._(OPTION_LABELS[row.doc.option])}</span>
              <RequestStatusBadge status={row.doc.status} waiting={row.waiting} />
            </span>
            <span className="text-sm text-slate-700">
              {[row.subjectName, row.className].filter(Boolean).join(' / ')}
            </span>
            <span className="text-sm text-slate-600">
              <RequestAbout row={row} />
            </span>
            <span className="line-clamp-2 break-words text-sm">{row.doc.content}</span>
            <span className="text-xs text-slate-500">
              {formatDate(row.doc.createdAt, locale, 'dateTime')} {row.studentName}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
