import { useLingui } from '@lingui/react/macro';
import { Button } from './button';

/** The end of a form on a page: Save, its submit button (busy while it saves), and Cancel. */
export function SaveOrCancel({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" busy={busy}>
        {t`Save`}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        {t`Cancel`}
      </Button>
    </div>
  );
}
