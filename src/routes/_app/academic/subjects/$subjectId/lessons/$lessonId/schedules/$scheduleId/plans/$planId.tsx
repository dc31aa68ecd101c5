import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../../../../../../../../app/session-context';
import { appToasts } from '../../../../../../../../../../app/toasts';
import { PlanScreen } from '../../../../../../../../../../features/subjects/plan-screen';

export const Route = createFileRoute(
  '/_app/academic/subjects/$subjectId/lessons/$lessonId/schedules/$scheduleId/plans/$planId',
)({
  component: PlanRoute,
});

/** The plan of one sitting; the screen finds the sitting's plan itself, so `$planId` only names it (SPEC §2). */
function PlanRoute() {
  const { subjectId, lessonId, scheduleId } = Route.useParams();
  const user = useSessionUser();
  return (
    <PlanScreen
      key={scheduleId}
      subjectId={subjectId}
      lessonId={lessonId}
      scheduleId={scheduleId}
      actor={user ? { id: user.id, role: user.role } : null}
      notify={(title, ok) => appToasts.show({ title, tone: ok ? 'success' : 'error' })}
    />
  );
}
