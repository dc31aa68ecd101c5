import { useLingui } from '@lingui/react/macro';
import { formatDate } from '../i18n/format';
import { localeOrDefault } from '../i18n/i18n';

/** The line over an online-only answer shown from the device's copy: when that copy was fetched. */
export function AsOf({ at }: { at: number }) {
  const { t, i18n } = useLingui();
  const time = formatDate(at, localeOrDefault(i18n.locale), 'dateTime');
  return (
    <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {t`Saved copy, as of ${time}`}
    </p>
  );
}
