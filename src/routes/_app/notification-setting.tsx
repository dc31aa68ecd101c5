import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { appToasts } from '../../app/toasts';
import { useUnsavedChanges } from '../../app/unsaved-changes';
import { NotificationSettingScreen } from '../../features/account/notification-setting-screen';
import { PushOptIn } from '../../features/notifications/push-opt-in';

export const Route = createFileRoute('/_app/notification-setting')({
  component: NotificationSettingRoute,
});

function NotificationSettingRoute() {
  const [dirty, setDirty] = useState(false);
  // SPEC §4: leaving with unsaved choices asks first (the notification-setting variant of the guard).
  useUnsavedChanges(dirty);
  // Below the settings: whether this phone is told too (Web Push, issue 43), a choice of this device only.
  return (
    <div className="flex flex-col gap-4">
      <NotificationSettingScreen
        onDirtyChange={setDirty}
        notify={(tone, title) => appToasts.show({ tone, title })}
      />
      <PushOptIn />
    </div>
  );
}
