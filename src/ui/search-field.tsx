import { useLingui } from '@lingui/react/macro';
import { TextField } from './text-field';

/** The "search by name" box of a list; every keystroke searches. */
export function SearchField({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useLingui();
  return (
    <TextField
      type="search"
      label={t`Search by name`}
      value={value}
      onChange={(event) => onSearch(event.target.value)}
    />
  );
}
