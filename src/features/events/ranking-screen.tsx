import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { MasterKind } from '../../../domain/master-kind';
import type { RankingRow, RankingSearchRequest } from '../../../domain/schemas/events';
import { callApi } from '../../api/call-api';
import { useMasterDocs } from '../../db/use-master-docs';
import { errorMessage } from '../../i18n/error-messages';
import { formatDate, formatDecimal } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { AsOf } from '../../ui/as-of';
import { Button } from '../../ui/button';
import { type Column, DataTable } from '../../ui/data-table';
import { CodedErrorNote } from '../../ui/error-note';
import { FilePicker } from '../../ui/file-picker';
import { Pagination } from '../../ui/pagination';
import { SearchField } from '../../ui/search-field';
import { SelectField } from '../../ui/select-field';
import { namesOf, yearCodeOptions } from '../shared/distinct-options';
import { downloadWorkbook, type ExportSheet } from '../shared/xlsx-export';
import { importRanking, useRankingEvents, useRankingSearch } from './events-calls';

const EMPTY_SEARCH: RankingSearchRequest = {
  eventId: null,
  universityId: null,
  yearCodeId: null,
  param: '',
  page: 1,
};

// The export reads page after page; a ranking longer than this many pages is cut (and said so by its total).
const EXPORT_MAX_PAGES = 50;

/** Every row of a ranking search, page by page, for the Excel export. */
async function allRankingRows(search: RankingSearchRequest): Promise<RankingRow[] | string> {
  const rows: RankingRow[] = [];
  for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
    const answer = await callApi('POST /api/viblo/search', { body: { ...search, page } });
    if (!answer.ok) return answer.failure.code;
    rows.push(...answer.value.data);
    if (page >= answer.value.meta.pagination.total_pages) break;
  }
  return rows;
}

/**
 * `/viblo`: the students' places in the coding-practice service's contests, by event, university and year
 * code, searched by name and paged, with when the event's ranking was last fetched; exported to Excel.
 */
export function RankingScreen({
  canImport,
  notify,
}: {
  canImport: boolean;
  notify: (notice: { tone: 'success' | 'error'; title: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState<RankingSearchRequest>(EMPTY_SEARCH);
  const view = useRankingSearch(search);
  const events = useRankingEvents();
  const universities = useMasterDocs(MasterKind.universities).rows;
  const yearCodes = useMasterDocs(MasterKind.yearCodes).rows;
  // Year codes repeat across universities ("2025A"): each names its faculty, then university, there.
  const names = namesOf(universities, useMasterDocs(MasterKind.faculties).rows);
  const [exporting, setExporting] = useState(false);
  const locale = localeOrDefault(i18n.locale);
  const filter = (patch: Partial<RankingSearchRequest>) =>
    setSearch((current) => ({ ...current, ...patch, page: 1 }));

  const columns: Column<RankingRow>[] = [
    { key: 'rank', header: t`Rank`, numeric: true, cell: (row) => row.rank },
    { key: 'name', header: t`Name`, cell: (row) => row.user.name },
    { key: 'university', header: t`University`, cell: (row) => row.university?.name ?? '—' },
    { key: 'yearCode', header: t`Year code`, cell: (row) => row.year_code?.name ?? '—' },
    { key: 'event', header: t`Event`, cell: (row) => row.event.name },
    { key: 'score', header: t`Score`, numeric: true, cell: (row) => formatDecimal(row.score, locale) },
  ];

  const exportAll = async () => {
    setExporting(true);
    const rows = await allRankingRows(search);
    if (typeof rows === 'string') notify({ tone: 'error', title: errorMessage(i18n, rows) });
    else {
      const labels: RankingLabels = {
        sheetName: t`Ranking`,
        rank: t`Rank`,
        name: t`Name`,
        university: t`University`,
        yearCode: t`Year code`,
        event: t`Event`,
        score: t`Score`,
      };
      await downloadWorkbook(labels.sheetName, rankingSheet(rows, labels)).catch(() =>
        notify({ tone: 'error', title: t`The Excel file could not be made.` }),
      );
    }
    setExporting(false);
  };

  return (
    <section aria-labelledby="ranking-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* The page's heading names the coding events; the ranking is its first part. */}
        <h2 id="ranking-title" className="text-xl font-semibold">
          <Trans>Ranking</Trans>
        </h2>
        <Button variant="secondary" busy={exporting} disabled={!view.value} onClick={() => void exportAll()}>
          <Trans>Export to Excel</Trans>
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={t`Event`}
          value={search.eventId ?? ''}
          placeholder={t`All events`}
          options={(events.value?.events ?? []).map((event) => ({ value: event.id, label: event.name }))}
          onChange={(event) => filter({ eventId: event.target.value || null })}
        />
        <SelectField
          label={t`University`}
          value={search.universityId ?? ''}
          placeholder={t`All universities`}
          options={universities.map((row) => ({ value: row.id, label: row.name }))}
          onChange={(event) => filter({ universityId: event.target.value || null, yearCodeId: null })}
        />
        <SelectField
          label={t`Year code`}
          value={search.yearCodeId ?? ''}
          placeholder={t`All year codes`}
          options={yearCodeOptions(
            yearCodes.filter((row) => !search.universityId || row.universityId === search.universityId),
            names,
          )}
          onChange={(event) => filter({ yearCodeId: event.target.value || null })}
        />
        <SearchField value={search.param} onSearch={(param) => filter({ param })} />
      </div>
      {canImport && search.eventId && (
        <ImportRanking eventId={search.eventId} onImported={view.reload} notify={notify} />
      )}
      {view.stale && view.at !== null && <AsOf at={view.at} />}
      <CodedErrorNote code={view.failure} />
      {view.value?.updated_at && (
        <p className="text-sm text-slate-600">
          {t`Last updated ${formatDate(view.value.updated_at, locale, 'dateTime')}`}
        </p>
      )}
      {view.value && (
        <>
          <DataTable
            caption={t`Ranking`}
            columns={columns}
            rows={view.value.data}
            rowKey={(row) => `${row.event.id}:${row.user.id}`}
            emptyTitle={t`No ranking yet.`}
          />
          {view.value.data.length > 0 && (
            <Pagination
              page={search.page}
              total={view.value.meta.pagination.total}
              perPage={view.value.meta.pagination.per_page}
              onPageChange={(page) => setSearch((current) => ({ ...current, page }))}
            />
          )}
        </>
      )}
    </section>
  );
}

/**
 * The fallback when the coding-practice service is not connected: an admin uploads the event's ranking as an
 * xlsx (email, rank, score); it replaces the stored one whole, or a message names every bad cell.
 */
function ImportRanking({
  eventId,
  onImported,
  notify,
}: {
  eventId: string;
  onImported: () => void;
  notify: (notice: { tone: 'success' | 'error'; title: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const answer = await importRanking(eventId, file);
    if (!answer.ok) {
      const message = errorMessage(i18n, answer.failure.code);
      const cell = /^rows\.(\d+)\.(\w+)$/.exec(answer.failure.field ?? '');
      const row = cell?.[1];
      const column = cell?.[2];
      notify({ tone: 'error', title: row && column ? t`Row ${row}, ${column}: ${message}` : message });
      return;
    }
    notify({
      tone: 'success',
      title: t`${answer.value.stored} places imported, ${answer.value.skipped} skipped.`,
    });
    onImported();
  };
  return (
    <FilePicker
      label={t`Import the ranking from Excel (.xlsx: email, rank, score)`}
      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      onPick={(file) => void choose(file)}
    />
  );
}

/** The column headings of the exported ranking, in the user's language. */
export type RankingLabels = {
  sheetName: string;
  rank: string;
  name: string;
  university: string;
  yearCode: string;
  event: string;
  score: string;
};

/** The ranking as a sheet: one row per place, as the table shows it. */
export function rankingSheet(rows: readonly RankingRow[], labels: RankingLabels): ExportSheet {
  return {
    sheetName: labels.sheetName,
    header: [labels.rank, labels.name, labels.university, labels.yearCode, labels.event, labels.score],
    rows: rows.map((row) => [
      row.rank,
      row.user.name,
      row.university?.name ?? null,
      row.year_code?.name ?? null,
      row.event.name,
      row.score,
    ]),
  };
}
