import { activateLocale, type Locale } from '../i18n/i18n';

/**
 * Tells the server the language a signed-in user reads in, so their mail is written in it. A failure
 * (offline, a lapsed session) is left alone: the next choice or sign-in tells it again.
 */
export async function tellServerLanguage(locale: Locale): Promise<void> {
  // Loaded here, not with the language switch: the sign-in page shows the switch and paints without the client.
  const { callApi } = await import('../api/call-api');
  await callApi('POST /api/users/update-language', { body: { locale } });
}

/** Switches the interface language; for a signed-in user the server learns it too. */
export async function chooseLanguage(locale: Locale, userId?: string): Promise<void> {
  await activateLocale(locale, userId);
  if (userId) await tellServerLanguage(locale);
}
