import { useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { type UnsavedChangesStore, unsavedChanges } from './unsaved-changes';

type ConfirmLeave = (proceed: () => void) => void;

const LeaveGuardContext = createContext<ConfirmLeave>((proceed) => proceed());

/**
 * The unsaved-edits guard of SPEC §4. While a form is dirty, every router navigation (menu link, logo,
 * notification click, browser back) is held and a confirm dialog asks first; actions that are not router
 * navigations (logout) ask through `useConfirmLeave`. Confirm forgets the edits and proceeds; cancel stays.
 * Closing or reloading the tab gets the browser's own prompt.
 */
export function LeaveGuard({
  children,
  store = unsavedChanges,
}: {
  children: ReactNode;
  store?: UnsavedChangesStore;
}) {
  const { t } = useLingui();
  const blocker = useBlocker({
    shouldBlockFn: () => store.isDirty(),
    enableBeforeUnload: () => store.isDirty(),
    withResolver: true,
  });
  const [pendingAction, setPendingAction] = useState<(() => void) | null>(null);

  const confirmLeave = useCallback<ConfirmLeave>(
    (proceed) => {
      if (!store.isDirty()) {
        proceed();
        return;
      }
      setPendingAction(() => proceed);
    },
    [store],
  );

  const open = blocker.status === 'blocked' || pendingAction !== null;

  const confirm = () => {
    store.clear();
    if (blocker.status === 'blocked') blocker.proceed();
    const action = pendingAction;
    setPendingAction(null);
    action?.();
  };

  const cancel = () => {
    if (blocker.status === 'blocked') blocker.reset();
    setPendingAction(null);
  };

  return (
    <LeaveGuardContext value={confirmLeave}>
      {children}
      <ConfirmDialog
        open={open}
        title={t`Leave without saving?`}
        description={t`Your changes on this page have not been saved. If you leave, they will be lost.`}
        confirmLabel={t`Leave`}
        cancelLabel={t`Stay on this page`}
        destructive
        onConfirm={confirm}
        onCancel={cancel}
      />
    </LeaveGuardContext>
  );
}

/** Runs an action that leaves the page (e.g. logout) after the unsaved-edits check. */
export function useConfirmLeave(): ConfirmLeave {
  return useContext(LeaveGuardContext);
}
