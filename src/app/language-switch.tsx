import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { isLocale, LOCALE_ENDONYMS, LOCALES } from '../i18n/i18n';
import { chooseLanguage } from './chosen-language';

/**
 * Picks the interface language. The choice is remembered for this device and, when someone is signed in,
 * for that user (SPEC: a language switch remembered per user), whose mail the server then writes in it.
 */
export function LanguageSwitch({ userId }: { userId?: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void chooseLanguage(next, userId);
        }}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_ENDONYMS[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
