import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isIsoDate } from '../../../../domain/dates';
import { optionalTextWhere, searchParser } from '../../../../domain/search-params';
import { useSessionUser } from '../../../app/session-context';
import { ChildDay } from '../../../features/guardians/child-day';
import { ChildFrame, type ChildTab } from '../../../features/guardians/child-frame';
import { rememberChild, useChildren } from '../../../features/guardians/children';
import { CALENDAR_COLLECTIONS, useCalendarSittings } from '../../../features/schedules/use-calendar';
import { localToday } from '../../../features/shared/local-clock';

// One child of a guardian (issue 43): the frame with the switcher and tabs; the child's day when no tab below
// is open (`?date=YYYY-MM-DD` for another day than today).
export const Route = createFileRoute('/_app/children/$studentId')({
  validateSearch: searchParser({ date: optionalTextWhere(isIsoDate) }),
  component: ChildRoute,
});

const TABS: readonly ChildTab[] = ['attendance', 'scores', 'requests', 'who-looked'];

/** The tab a nested route path opens (`/children/$studentId/requests/new` is the requests tab). */
function tabOf(fullPath: string | undefined): ChildTab {
  const segment = fullPath?.split('/')[3];
  return TABS.find((tab) => tab === segment) ?? 'day';
}

function ChildRoute() {
  const { studentId } = Route.useParams();
  const { date } = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  const childList = useChildren();
  const nested = useChildMatches();
  const tab = tabOf(nested[0]?.fullPath);
  const known = childList?.some((child) => child.studentId === studentId) ?? false;

  // The child shown is the one chosen: `/children` opens on them next time.
  useEffect(() => {
    if (user && known) rememberChild(localStorage, user.id, studentId);
  }, [user, known, studentId]);

  const today = localToday();
  const day = date ?? today;
  const sittings = useCalendarSittings({ first: day, last: day }, { kind: 'student', studentId });
  return (
    <ChildFrame childList={childList} studentId={studentId} tab={tab}>
      {nested.length > 0 ? (
        <Outlet />
      ) : (
        <ChildDay
          studentId={studentId}
          date={day}
          today={today}
          sittings={sittings}
          sittingSources={CALENDAR_COLLECTIONS}
          onDateChange={(next) =>
            void navigate({ search: { date: next === today ? undefined : next }, replace: true })
          }
        />
      )}
    </ChildFrame>
  );
}
