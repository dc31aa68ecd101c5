import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LIMITS } from '../../../../../../domain/limits';
import { GUARDIAN_REQUEST_OPTIONS } from '../../../../../../domain/requests';
import { optionalText, searchParser } from '../../../../../../domain/search-params';
import { useSessionUser } from '../../../../../app/session-context';
import { appToasts } from '../../../../../app/toasts';
import { RequestAddScreen } from '../../../../../features/requests/request-add-screen';

// A guardian excuses an absence or lateness of their child (issue 43): the request form on the child's
// sittings, opened on one when `?scheduleId=` names it. Filed on this device, offline too; the worker sends it.
export const Route = createFileRoute('/_app/children/$studentId/requests/new')({
  validateSearch: searchParser({ scheduleId: optionalText(LIMITS.urlMaxLength) }),
  component: ChildRequestAddRoute,
});

function ChildRequestAddRoute() {
  const { t } = useLingui();
  const { studentId } = Route.useParams();
  const { scheduleId } = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  if (!user) return null;
  return (
    <RequestAddScreen
      who={{ studentId }}
      filedBy={user.id}
      options={GUARDIAN_REQUEST_OPTIONS}
      sittingId={scheduleId}
      onFiled={() => {
        appToasts.show({ tone: 'success', title: t`The request was filed.` });
        void navigate({ to: '/children/$studentId/requests', params: { studentId }, search: {} });
      }}
    />
  );
}
