import { createFileRoute } from '@tanstack/react-router';
import { appToasts } from '../../../../app/toasts';
import { EventFormScreen } from '../../../../features/events/event-form-screen';
import { useShowSavedEvent } from '../../../../features/events/use-show-saved-event';

export const Route = createFileRoute('/_app/viblo/events/$eventId/edit')({ component: EditEventRoute });

function EditEventRoute() {
  const { eventId } = Route.useParams();
  const { showSaved, cancel } = useShowSavedEvent((notice) => appToasts.show(notice));
  return <EventFormScreen eventId={eventId} onSaved={showSaved} onCancel={cancel} />;
}
