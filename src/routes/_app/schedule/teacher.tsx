import { createFileRoute } from '@tanstack/react-router';
import { optionalInteger, optionalText, searchParser } from '../../../../domain/search-params';
import { calendarSearchShape } from '../../../features/schedules/calendar-search';
import { calendarPlace, useScheduleRoute } from '../../../features/schedules/schedule-search';
import { TeacherScheduleScreen } from '../../../features/schedules/teacher-schedule-screen';

// SPEC §2: `teacher`, `month` and `year` open that teacher's month (and show the back button); `teachers`
// holds the screen's own choice of several.
const searchSchema = searchParser({
  ...calendarSearchShape,
  teacher: optionalText(64),
  month: optionalInteger(1, 12),
  year: optionalInteger(2000, 2100),
  teachers: optionalText(4000),
});

export const Route = createFileRoute('/_app/schedule/teacher')({
  validateSearch: searchSchema,
  component: TeacherScheduleRoute,
});

function TeacherScheduleRoute() {
  const { user, isMobile, today } = useScheduleRoute();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!user) return null;
  const opened =
    search.teacher && search.month && search.year
      ? { view: 'month' as const, date: `${search.year}-${String(search.month).padStart(2, '0')}-01` }
      : null;
  const chosen = search.teachers?.split(',').filter((id) => id !== '') ?? [];
  return (
    <TeacherScheduleScreen
      role={user.role}
      userId={user.id}
      state={{
        teachers: chosen.length > 0 ? chosen : search.teacher ? [search.teacher] : [],
        ...calendarPlace(search.view || search.date ? search : {}, 'week', today),
        ...(opened && !search.view && !search.date ? opened : {}),
      }}
      today={today}
      isMobile={isMobile}
      onChange={(next) =>
        void navigate({
          search: {
            ...search,
            teachers: next.teachers.join(',') || undefined,
            view: next.view,
            date: next.date,
          },
          replace: true,
        })
      }
    />
  );
}
