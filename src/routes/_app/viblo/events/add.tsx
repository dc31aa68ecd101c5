import { createFileRoute } from '@tanstack/react-router';
import { appToasts } from '../../../../app/toasts';
import { EventFormScreen } from '../../../../features/events/event-form-screen';
import { useShowSavedEvent } from '../../../../features/events/use-show-saved-event';

export const Route = createFileRoute('/_app/viblo/events/add')({ component: AddEventRoute });

function AddEventRoute() {
  const { showSaved, cancel } = useShowSavedEvent((notice) => appToasts.show(notice));
  return <EventFormScreen eventId={null} onSaved={showSaved} onCancel={cancel} />;
}
