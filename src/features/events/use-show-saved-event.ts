import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { eventTab } from '../../../domain/events';
import { EventTab } from '../../../domain/events-search';
import type { VibloEvent } from '../../../domain/schemas/events';

/**
 * After an event is saved: `notify` says so, then the events list opens on the tab the event now falls in
 * (an event moved to today shows under "present"). Cancel goes back to the list.
 */
export function useShowSavedEvent(notify: (notice: { tone: 'success'; title: string }) => void) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return {
    showSaved(event: VibloEvent) {
      notify({ tone: 'success', title: t`Event saved.` });
      const tab = eventTab(event, dayjs().format('YYYY-MM-DD'));
      void navigate({ to: '/viblo/events', search: { tab, page: 1 } });
    },
    cancel() {
      void navigate({ to: '/viblo/events', search: { tab: EventTab.present, page: 1 } });
    },
  };
}
