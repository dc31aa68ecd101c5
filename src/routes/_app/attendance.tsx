import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { optionalText, searchParser } from '../../../domain/search-params';
import { useConnection } from '../../app/connection-context';
import { useSessionUser } from '../../app/session-context';
import { appToasts } from '../../app/toasts';
import { attendanceExportSheet } from '../../features/attendance/attendance-export';
import { AttendanceScreen } from '../../features/attendance/attendance-screen';
import { useClassNames } from '../../features/shared/use-class-names';
import { useRememberedClass } from '../../features/shared/use-remembered-class';
import { downloadWorkbook, exportFileName } from '../../features/shared/xlsx-export';
import { STATUS_LABELS } from '../../i18n/attendance-status-labels';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';

const searchSchema = searchParser({
  subjectClass: optionalText(64),
  // A sitting whose roll opens above the sheet (from "my day" or a calendar).
  schedule: optionalText(64),
});

export const Route = createFileRoute('/_app/attendance')({
  validateSearch: searchSchema,
  component: AttendanceRoute,
});

function AttendanceRoute() {
  const { t, i18n } = useLingui();
  const user = useSessionUser();
  const { subjectClass, schedule } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { online } = useConnection();

  useRememberedClass(subjectClass, (classId) => {
    void navigate({ search: { subjectClass: classId }, replace: true });
  });

  const names = useClassNames(subjectClass ?? '');
  if (!user) return null;
  return (
    <AttendanceScreen
      actor={{ id: user.id, role: user.role }}
      classId={subjectClass ?? ''}
      scheduleId={schedule}
      today={dayjs().format('YYYY-MM-DD')}
      online={online === true}
      onExchanged={() => appToasts.show({ tone: 'success', title: t`Attendance exchanged.` })}
      onChooseClass={(classId) => void navigate({ search: { subjectClass: classId } })}
      onExport={({ sheet }) => {
        const what = t`Attendance`;
        const about = [names.subject, names.className, names.yearCode].filter(Boolean).join(' · ');
        // The file and its sheet name the subject and class (issue 42: "Attendance-20261128" said neither).
        void downloadWorkbook(
          exportFileName([what, names.subject, names.className], dayjs().format('YYYY-MM-DD')),
          attendanceExportSheet(sheet, {
            sheetName: [what, names.subject, names.className].filter(Boolean).join(' '),
            title: about ? `${about} — ${what}` : what,
            identity: t`Student ID`,
            student: t`Student`,
            status: (status) => (status === null ? '' : i18n._(STATUS_LABELS[status])),
            day: (isoDay) => formatDate(isoDay, localeOrDefault(i18n.locale)),
          }),
        ).catch(() => appToasts.show({ tone: 'error', title: t`The Excel file could not be made.` }));
      }}
      onRefused={(reason) =>
        appToasts.show({
          tone: 'error',
          title:
            reason === 'forbidden'
              ? t`You may not enter attendance for a class not assigned to you.`
              : t`Absence reasons and comments are limited to 1000 characters.`,
        })
      }
    />
  );
}
