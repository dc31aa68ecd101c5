import { useLingui } from '@lingui/react/macro';
import { Button } from './button';

/** The Edit and Delete buttons of one row, named for the row (`Edit Room A`), off while `disabled`. */
export function RowActions({
  name,
  disabled,
  onEdit,
  onDelete,
}: {
  name: string;
  disabled: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  return (
    <span className="flex shrink-0 justify-end gap-1">
      <Button variant="ghost" size="sm" disabled={disabled} aria-label={t`Edit ${name}`} onClick={onEdit}>
        {t`Edit`}
      </Button>
      <Button variant="ghost" size="sm" disabled={disabled} aria-label={t`Delete ${name}`} onClick={onDelete}>
        {t`Delete`}
      </Button>
    </span>
  );
}
