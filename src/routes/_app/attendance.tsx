import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { z } from 'zod';
import { useSessionUser } from '../../app/session-context';
import { appToasts } from '../../app/toasts';
import { rememberClassId, rememberedClassId } from '../../features/attendance/attendance-filter';
import { AttendanceScreen } from '../../features/attendance/attendance-screen';

const searchSchema = z.object({ subjectClass: z.string().max(64).optional().catch(undefined) });

export const Route = createFileRoute('/_app/attendance')({
  validateSearch: searchSchema,
  component: AttendanceRoute,
});

function AttendanceRoute() {
  const { t } = useLingui();
  const user = useSessionUser();
  const { subjectClass } = Route.useSearch();
  const navigate = Route.useNavigate();

  // Without a class in the link, open the one chosen last time on this device.
  useEffect(() => {
    if (subjectClass) {
      rememberClassId(localStorage, subjectClass);
      return;
    }
    const remembered = rememberedClassId(localStorage);
    if (remembered) void navigate({ search: { subjectClass: remembered }, replace: true });
  }, [subjectClass, navigate]);

  if (!user) return null;
  return (
    <AttendanceScreen
      actor={{ id: user.id, role: user.role }}
      classId={subjectClass ?? ''}
      today={dayjs().format('YYYY-MM-DD')}
      onChooseClass={(classId) => void navigate({ search: { subjectClass: classId } })}
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
