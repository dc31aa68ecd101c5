import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { appToasts } from '../../app/toasts';
import { ProfileScreen } from '../../features/account/profile-screen';
import { ChangePasswordForm } from '../../features/auth/password-forms';

export const Route = createFileRoute('/_app/profile')({
  component: ProfileRoute,
});

function ProfileRoute() {
  const { i18n } = useLingui();
  const notify = (tone: 'success' | 'error', title: string) => appToasts.show({ tone, title });
  return (
    <ProfileScreen
      notify={notify}
      passwordForm={(isStudent) => (
        <ChangePasswordForm
          isStudent={isStudent}
          onChanged={() => notify('success', i18n._(msg`Your password was updated.`))}
        />
      )}
    />
  );
}
