import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Role } from '../../../domain/roles';
import { useConnection } from '../../app/connection-context';
import { useSessionUser } from '../../app/session-context';
import { useIsMobile } from '../../app/use-is-mobile';
import { DashboardScreen } from '../../features/home/dashboard-screen';
import { MyDay } from '../../features/schedules/my-day';
import { localToday } from '../../features/shared/local-clock';

// The calendar loads only when a student's dashboard shows it.
const StudentCalendar = lazy(() =>
  import('../../features/schedules/student-calendar').then((module) => ({ default: module.StudentCalendar })),
);

export const Route = createFileRoute('/_app/')({
  component: HomeRoute,
});

function HomeRoute() {
  const { t } = useLingui();
  const user = useSessionUser();
  const { online } = useConnection();
  const isMobile = useIsMobile();
  if (!user) return null;
  const today = localToday();
  return (
    <div className="flex flex-col gap-6">
      {user.role === Role.teacher && <MyDay teacherId={user.id} today={today} />}
      <DashboardScreen role={user.role} online={online === true} isMobile={isMobile} />
      {user.role === Role.student && (
        <section aria-labelledby="my-timetable-title" className="flex flex-col gap-2">
          <h2 id="my-timetable-title" className="text-lg font-semibold">{t`My timetable`}</h2>
          <Suspense fallback={null}>
            <StudentCalendar userId={user.id} today={today} isMobile={isMobile} />
          </Suspense>
        </section>
      )}
    </div>
  );
}
