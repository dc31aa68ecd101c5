import { createFileRoute } from '@tanstack/react-router';
import { optionalText, searchParser } from '../../../../domain/search-params';
import { calendarSearchShape } from '../../../features/schedules/calendar-search';
import { calendarPlace, useScheduleRoute } from '../../../features/schedules/schedule-search';
import { SchoolScheduleScreen } from '../../../features/schedules/school-schedule-screen';

const optionalId = optionalText(64);
const searchSchema = searchParser({
  ...calendarSearchShape,
  university: optionalId,
  faculty: optionalId,
  yearCode: optionalId,
});

export const Route = createFileRoute('/_app/schedule/school')({
  validateSearch: searchSchema,
  component: SchoolScheduleRoute,
});

function SchoolScheduleRoute() {
  const { user, isMobile, today } = useScheduleRoute();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!user) return null;
  return (
    <SchoolScheduleScreen
      role={user.role}
      state={{
        university: search.university ?? null,
        faculty: search.faculty ?? null,
        yearCode: search.yearCode ?? null,
        ...calendarPlace(search, 'month', today),
      }}
      today={today}
      isMobile={isMobile}
      onChange={(next) =>
        void navigate({
          search: {
            university: next.university ?? undefined,
            faculty: next.faculty ?? undefined,
            yearCode: next.yearCode ?? undefined,
            view: next.view,
            date: next.date,
          },
          replace: true,
        })
      }
    />
  );
}
