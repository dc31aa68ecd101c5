import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { appToasts } from '../../app/toasts';
import { useUnsavedChanges } from '../../app/unsaved-changes';
import { NotificationSettingScreen } from '../../features/account/notification-setting-screen';

export const Route = createFileRoute('/_app/notification-setting')({
  component: NotificationSettingRoute,
});

function NotificationSettingRoute() {
  const [dirty, setDirty] = useState(false);
  // SPEC §4: leaving with unsaved choices asks first (the notification-setting variant of the guard).
  useUnsavedChanges(dirty);
  return (
    <NotificationSettingScreen
      onDirtyChange={setDirty}
      notify={(tone, title) => appToasts.show({ tone, title })}
    />
  );
}
