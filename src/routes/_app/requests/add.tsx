import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../app/session-context';
import { rememberFiled } from '../../../features/requests/filed-notice';
import { RequestAddScreen } from '../../../features/requests/request-add-screen';

export const Route = createFileRoute('/_app/requests/add')({
  component: RequestAddRoute,
});

function RequestAddRoute() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <RequestAddScreen
      who={{ userId: user.id }}
      onFiled={(count) => {
        // SPEC §2: after creating, the list with a full reload (offline too: the app shell is cached).
        rememberFiled(count);
        window.location.assign(`${import.meta.env.BASE_URL}requests`);
      }}
    />
  );
}
