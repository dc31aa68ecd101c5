import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useSessionStore } from '../../app/session-context';
import { appToasts } from '../../app/toasts';
import { ProfileScreen } from '../../features/account/profile-screen';
import { ChangePasswordForm } from '../../features/auth/password-forms';

export const Route = createFileRoute('/_app/profile')({
  component: ProfileRoute,
});

function ProfileRoute() {
  const { i18n } = useLingui();
  const session = useSessionStore();
  const notify = (tone: 'success' | 'error', title: string) => appToasts.show({ tone, title });
  return (
    <ProfileScreen
      notify={notify}
      onChanged={({ name, avatar }) => {
        const user = session.getUser();
        if (user) session.setUser({ ...user, name, avatar });
      }}
      passwordForm={(isStudent) => (
        <ChangePasswordForm
          isStudent={isStudent}
          onChanged={() => notify('success', i18n._(msg`Your password was updated.`))}
        />
      )}
    />
  );
}
