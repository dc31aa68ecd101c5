import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { useState } from 'react';
import { Role } from '../../../../../../../domain/roles';
import { flagOrFalse, searchParser } from '../../../../../../../domain/search-params';
import { useSessionUser } from '../../../../../../app/session-context';
import { appToasts } from '../../../../../../app/toasts';
import { unsavedChanges, useUnsavedChanges } from '../../../../../../app/unsaved-changes';
import { LessonScreen } from '../../../../../../features/subjects/lesson-screen';

export const Route = createFileRoute('/_app/academic/subjects/$subjectId/lessons/$lessonId')({
  validateSearch: searchParser({ exam: flagOrFalse() }),
  component: LessonRoute,
});

function LessonRoute() {
  const { subjectId, lessonId } = Route.useParams();
  const { exam } = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  // A sitting's plan screen lives under this path; it renders alone.
  if (useChildMatches().length > 0) return <Outlet />;
  return (
    <LessonScreen
      key={`${subjectId}/${lessonId}`}
      subjectId={subjectId}
      lessonId={lessonId === 'new' ? null : lessonId}
      examWhenNew={exam}
      canEdit={user?.role === Role.teacher || user?.role === Role.admin}
      actor={user ? { id: user.id, role: user.role } : null}
      notify={(title, ok) => appToasts.show({ title, tone: ok ? 'success' : 'error' })}
      onDirtyChange={setDirty}
      onDone={(tab) => {
        // Saved or deleted: nothing is left unsaved, and the guard must not hold this navigation.
        unsavedChanges.clear();
        void navigate({ to: '/academic/subjects/$subjectId', params: { subjectId }, search: { tab } });
      }}
    />
  );
}
