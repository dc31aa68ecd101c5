import { useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * A dialog holding one form, with Cancel and a submit button in its footer. The form checks itself
 * (`noValidate`): the submit handler shows the coded field errors of the call's schema.
 */
export function FormDialog({
  open,
  onClose,
  title,
  submitLabel,
  busy = false,
  submitDisabled = false,
  onSubmit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  submitLabel: string;
  busy?: boolean;
  submitDisabled?: boolean;
  onSubmit: () => void | Promise<void>;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="flex flex-col gap-4" onSubmit={submit}>
        {children}
      </form>
    </Dialog>
  );
}
