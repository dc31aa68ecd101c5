import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { MasterKind, type MasterSettingTab } from '../../../domain/master-kind';
import type { MasterDocType } from '../../db/master-schema';
import { useMasterDocs } from '../../db/use-master-docs';
import { useMasterSyncedAt } from '../../db/use-master-synced-at';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { type Column, DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { Pagination } from '../../ui/pagination';
import { RowActions } from '../../ui/row-actions';
import { SearchField } from '../../ui/search-field';
import { SelectField } from '../../ui/select-field';
import { deleteMasterRow } from './master-calls';
import { MasterFormDialog, optionsOf } from './master-form-dialog';
import {
  EMPTY_MASTER_SEARCH,
  MASTER_PAGE_SIZE,
  MASTER_RELATIONS,
  type MasterListSearch,
  orderedRows,
  pageOf,
} from './master-list';
import { RoomsMultiDialog } from './rooms-multi-dialog';

/** What the list tells the screen: a saved or deleted row (a success toast), or a refusal to show. */
export type MasterNotice = { tone: 'success' | 'error'; title: string };

function namesById(rows: readonly MasterDocType[]): Map<string, string> {
  return new Map(rows.map((row) => [row.id, row.name]));
}

function relatedName(names: Map<string, string>, id: string | null): string {
  return (id && names.get(id)) || '—';
}

type Editing = { row: MasterDocType | null } | null;

/** A year code's palette colour: a swatch and its code. */
function ColourCell({ color }: { color: string | null }) {
  return (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="inline-block size-4 rounded-sm border border-slate-300"
        style={{ backgroundColor: color ?? 'transparent' }}
      />
      <span className="font-mono text-xs text-slate-600">{color ?? '—'}</span>
    </span>
  );
}

/**
 * One master list: search, paging, create, edit and delete, live from the local database. Edits go to the
 * server at once (they need a connection) and come back through the `master` sync, so every device shows
 * them; offline the list stays readable and the buttons say why they are off.
 */
export function MasterTable({
  kind,
  caption,
  online,
  notify,
}: {
  kind: MasterSettingTab;
  caption: string;
  online: boolean;
  notify: (notice: MasterNotice) => void;
}) {
  const { t, i18n } = useLingui();
  const { rows, loading } = useMasterDocs(kind);
  const universities = useMasterDocs(MasterKind.universities);
  const subjects = useMasterDocs(MasterKind.subjectNames);
  const syncedAt = useMasterSyncedAt();
  const [search, setSearch] = useState<MasterListSearch>(EMPTY_MASTER_SEARCH);
  const [createdIds, setCreatedIds] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [addingMany, setAddingMany] = useState(false);
  const [deleting, setDeleting] = useState<MasterDocType | null>(null);
  const relations = MASTER_RELATIONS[kind];

  const filter = (patch: Partial<MasterListSearch>) =>
    setSearch((current) => ({ ...current, ...patch, page: 1 }));
  const shown = orderedRows(rows, createdIds, search);
  const universityNames = namesById(universities.rows);
  const subjectNames = namesById(subjects.rows);
  const prepend = (ids: readonly string[]) => setCreatedIds((current) => [...ids, ...current]);

  const columns: Column<MasterDocType>[] = [
    ...(relations.color
      ? [
          {
            key: 'color',
            header: t`Colour`,
            className: 'w-32',
            cell: (row: MasterDocType) => <ColourCell color={row.color} />,
          },
        ]
      : []),
    { key: 'name', header: t`Name`, cell: (row) => row.name },
    ...(relations.university
      ? [
          {
            key: 'university',
            header: t`University`,
            cell: (row: MasterDocType) => relatedName(universityNames, row.universityId),
          },
        ]
      : []),
    ...(relations.subjectName
      ? [
          {
            key: 'subject',
            header: t`Subject`,
            cell: (row: MasterDocType) => relatedName(subjectNames, row.subjectNameId),
          },
        ]
      : []),
    {
      key: 'actions',
      header: <span className="sr-only">{t`Actions`}</span>,
      cell: (row) => (
        <RowActions
          name={row.name}
          disabled={!online}
          onEdit={() => setEditing({ row })}
          onDelete={() => setDeleting(row)}
        />
      ),
    },
  ];

  const confirmDelete = async (row: MasterDocType) => {
    setDeleting(null);
    const answer = await deleteMasterRow(kind, row.id);
    if (answer.ok) notify({ tone: 'success', title: t`“${row.name}” was deleted.` });
    else notify({ tone: 'error', title: errorMessage(i18n, answer.failure.code) });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="sm:w-64">
          <SearchField value={search.param} onSearch={(param) => filter({ param })} />
        </div>
        {relations.university && (
          <div className="sm:w-56">
            <SelectField
              label={t`University`}
              value={search.university}
              placeholder={t`All universities`}
              options={optionsOf(universities.rows)}
              onChange={(event) => filter({ university: event.target.value })}
            />
          </div>
        )}
        {relations.subjectName && (
          <div className="sm:w-56">
            <SelectField
              label={t`Subject`}
              value={search.subjectNameId}
              placeholder={t`All subjects`}
              options={optionsOf(subjects.rows)}
              onChange={(event) => filter({ subjectNameId: event.target.value })}
            />
          </div>
        )}
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button disabled={!online} onClick={() => setEditing({ row: null })}>
            <Trans>Add</Trans>
          </Button>
          {kind === MasterKind.rooms && (
            <Button variant="secondary" disabled={!online} onClick={() => setAddingMany(true)}>
              <Trans>Add several</Trans>
            </Button>
          )}
        </div>
      </div>
      {!online && (
        <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Trans>
            Editing master data needs a connection to the server. The lists stay readable offline.
          </Trans>
        </p>
      )}

      {loading || shown.length > 0 ? (
        <>
          <DataTable
            caption={caption}
            columns={columns}
            rows={pageOf(shown, search.page)}
            rowKey={(row) => row.id}
            loading={loading}
            emptyTitle=""
          />
          <Pagination
            page={search.page}
            total={shown.length}
            perPage={MASTER_PAGE_SIZE}
            onPageChange={(page) => setSearch((current) => ({ ...current, page }))}
          />
        </>
      ) : (
        <EmptyState
          title={
            syncedAt === null
              ? t`Waiting for first sync`
              : rows.length === 0
                ? t`No data yet`
                : t`No matching rows`
          }
        />
      )}

      {editing && (
        <MasterFormDialog
          key={editing.row?.id ?? 'new'}
          kind={kind}
          title={editing.row ? t`Edit ${caption}` : t`Add to ${caption}`}
          // The row as it is now: a change synced in while the dialog is open shows there as changed meanwhile.
          row={editing.row && (rows.find((live) => live.id === editing.row?.id) ?? editing.row)}
          open
          onClose={() => setEditing(null)}
          onSaved={({ id, created }) => {
            setEditing(null);
            if (created) prepend([id]);
            notify({ tone: 'success', title: created ? t`Added.` : t`Saved.` });
          }}
        />
      )}
      {addingMany && (
        <RoomsMultiDialog
          open
          onClose={() => setAddingMany(false)}
          onSaved={(ids) => {
            setAddingMany(false);
            prepend(ids);
            notify({ tone: 'success', title: t`${ids.length} rooms added.` });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete “${deleting?.name ?? ''}”?`}
        description={t`It is removed from every device. A row still in use cannot be deleted.`}
        confirmLabel={t`Delete`}
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      />
    </div>
  );
}
