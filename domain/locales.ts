/** The languages of the product; Japanese is the default and the fallback (SPEC §1). */
export const LOCALES = ['ja', 'vi', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ja';

/** Narrows any value to a supported locale. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale `value` names, Japanese (the fallback, SPEC §1) when it names none. */
export function localeOrDefault(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
