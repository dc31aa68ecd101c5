import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { afterEventDeleted, inStoredOrder } from '../../../domain/events';
import { type EventsSearch, EventTab } from '../../../domain/events-search';
import { eventTabSchema, type VibloEvent } from '../../../domain/schemas/events';
import { errorMessage } from '../../i18n/error-messages';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { AsOf } from '../../ui/as-of';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { CodedErrorNote } from '../../ui/error-note';
import { Pagination } from '../../ui/pagination';
import { RowActions } from '../../ui/row-actions';
import { Screen } from '../../ui/screen';
import { SelectField } from '../../ui/select-field';
import { Tabs } from '../../ui/tabs';
import { deleteEvent, useEventsSearch } from './events-calls';

/** Local-storage key of the events filter's sort order (SPEC §4: a locally stored sort list). */
export const EVENT_ORDER_STORAGE_KEY = 'viblo-event-order';

const TAB_LABELS: Record<EventTab, MessageDescriptor> = {
  [EventTab.present]: msg`Ongoing`,
  [EventTab.future]: msg`Upcoming`,
  [EventTab.past]: msg`Past`,
};

function storedOrder(storage: Pick<Storage, 'getItem'>): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(EVENT_ORDER_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * `/viblo/events`: the events of one tab (present, future, past by their days against today), narrowed by
 * the events filter, paged; tab, filter and page live in the URL. Admins add, edit and delete events.
 */
export function EventsScreen({
  search,
  onSearchChange,
  canEdit,
  online,
  onAdd,
  onEdit,
  notify,
}: {
  search: EventsSearch;
  onSearchChange: (search: EventsSearch) => void;
  canEdit: boolean;
  online: boolean;
  onAdd: () => void;
  onEdit: (eventId: string) => void;
  notify: (notice: { tone: 'success' | 'error'; title: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const view = useEventsSearch({
    tab: search.tab,
    eventFilter: search.eventFilter ?? null,
    page: search.page,
  });
  const [deleting, setDeleting] = useState<VibloEvent | null>(null);
  const { choices, order } = inStoredOrder(view.value?.dataFilter ?? [], storedOrder(localStorage));
  const orderKey = JSON.stringify(order);

  // The stored order follows the server's list: new events join at the end, deleted ones leave.
  useEffect(() => {
    if (view.value) localStorage.setItem(EVENT_ORDER_STORAGE_KEY, orderKey);
  }, [view.value, orderKey]);

  const confirmDelete = async (event: VibloEvent) => {
    setDeleting(null);
    const answer = await deleteEvent(event.id);
    if (!answer.ok) {
      notify({ tone: 'error', title: errorMessage(i18n, answer.failure.code) });
      return;
    }
    const next = afterEventDeleted(order, search.eventFilter ?? null, event.id);
    localStorage.setItem(EVENT_ORDER_STORAGE_KEY, JSON.stringify(next.sortList));
    notify({ tone: 'success', title: t`“${event.name}” was deleted.` });
    if (next.selected !== (search.eventFilter ?? null)) {
      onSearchChange({ ...search, eventFilter: next.selected ?? undefined, page: 1 });
    } else view.reload();
  };

  const locale = localeOrDefault(i18n.locale);
  const list = (
    <div className="flex flex-col gap-4">
      {view.stale && view.at !== null && <AsOf at={view.at} />}
      <CodedErrorNote code={view.failure} />
      {view.value && view.value.data.length === 0 && <EmptyState title={t`No events in this tab.`} />}
      {view.value && view.value.data.length > 0 && (
        <ul className="flex flex-col gap-3">
          {view.value.data.map((event) => (
            <li key={event.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h2 className="font-medium break-words text-slate-900">{event.name}</h2>
                  <p className="text-sm text-slate-600">
                    {formatDate(event.start_time, locale, 'dateTime')} –{' '}
                    {formatDate(event.end_time, locale, 'dateTime')}
                  </p>
                  {event.universities.length > 0 && (
                    <p className="text-sm text-slate-600">
                      {event.universities.map((u) => u.name).join('、')}
                    </p>
                  )}
                  {event.description && (
                    <p className="mt-1 text-sm break-words whitespace-pre-line">{event.description}</p>
                  )}
                  {event.url && (
                    <a
                      href={event.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-sm break-all text-blue-800 underline"
                    >
                      {event.url}
                    </a>
                  )}
                </div>
                {canEdit && (
                  <RowActions
                    name={event.name}
                    disabled={!online}
                    onEdit={() => onEdit(event.id)}
                    onDelete={() => setDeleting(event)}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {view.value && (
        <Pagination
          page={search.page}
          total={view.value.meta.pagination.total}
          perPage={view.value.meta.pagination.per_page}
          onPageChange={(page) => onSearchChange({ ...search, page })}
        />
      )}
    </div>
  );

  return (
    <Screen
      title={<Trans>Events</Trans>}
      action={
        canEdit && (
          <Button disabled={!online} onClick={onAdd}>
            <Trans>Add event</Trans>
          </Button>
        )
      }
    >
      <div className="sm:w-72">
        <SelectField
          label={t`Event`}
          value={search.eventFilter ?? ''}
          placeholder={t`All events`}
          options={choices.map((choice) => ({ value: choice.id, label: choice.name }))}
          onChange={(event) =>
            onSearchChange({ ...search, eventFilter: event.target.value || undefined, page: 1 })
          }
        />
      </div>
      <Tabs
        label={t`Event periods`}
        value={search.tab}
        onValueChange={(value) => {
          const tab = eventTabSchema.safeParse(value);
          if (tab.success) onSearchChange({ ...search, tab: tab.data, page: 1 });
        }}
        items={Object.values(EventTab).map((tab) => ({
          value: tab,
          label: i18n._(TAB_LABELS[tab]),
          content: tab === search.tab ? list : null,
        }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete “${deleting?.name ?? ''}”?`}
        description={t`The event and its ranking are deleted for everyone.`}
        confirmLabel={t`Delete`}
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      />
    </Screen>
  );
}
