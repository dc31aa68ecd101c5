import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/locales';

export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, localeOrDefault } from '../../domain/locales';

/** Local-storage key of this device's last chosen language; logout keeps it. */
export const LOCALE_STORAGE_KEY = 'lang';

/**
 * Local-storage key of one user's chosen language while they are signed in; sign-out removes it (it names the
 * user), and the device's key, kept, opens the next sign-in in the language last chosen here.
 */
export function userLocaleStorageKey(userId: string): string {
  return `${LOCALE_STORAGE_KEY}:${userId}`;
}

/**
 * Each language named in itself, as language pickers conventionally show them, so a reader who cannot read
 * the current language still finds their own. These are deliberately not translated.
 */
export const LOCALE_ENDONYMS: Record<Locale, string> = { ja: '日本語', vi: 'Tiếng Việt', en: 'English' };

/**
 * The language to show: the user's own choice, else this device's last choice, else Japanese (SPEC §1).
 * Unknown stored values are ignored.
 */
export function rememberedLocale(
  storage: Pick<Storage, 'getItem'> = localStorage,
  userId?: string | null,
): Locale {
  const own = userId ? storage.getItem(userLocaleStorageKey(userId)) : null;
  if (isLocale(own)) return own;
  const device = storage.getItem(LOCALE_STORAGE_KEY);
  return isLocale(device) ? device : DEFAULT_LOCALE;
}

/** Remembers a language for this device and, when signed in, for the user. */
export function rememberLocale(
  locale: Locale,
  userId?: string | null,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  storage.setItem(LOCALE_STORAGE_KEY, locale);
  if (userId) storage.setItem(userLocaleStorageKey(userId), locale);
}

// Each language's catalogues as chunks of their own, loaded only when chosen: the words of the screens before
// sign-in (lingui.config.ts names their sources), and those of the signed-in app.
type Catalogue = { messages: Messages };
const SIGN_IN_CATALOGUES = import.meta.glob<Catalogue>('../../locales/*/sign-in.po');
const APP_CATALOGUES = import.meta.glob<Catalogue>('../../locales/*/messages.po');

async function loadPart(catalogues: Record<string, () => Promise<Catalogue>>, locale: Locale, file: string) {
  const load = catalogues[`../../locales/${locale}/${file}`];
  if (!load) throw new Error(`No catalogue ${file} for ${locale}`);
  return (await load()).messages;
}

/**
 * The messages of a language: those of the screens before sign-in, and once someone is signed in (even
 * halfway, at the two-step code) the whole app's, so the sign-in page loads a small part of the words.
 */
export async function loadCatalog(locale: Locale, signedIn: boolean): Promise<Messages> {
  const [signIn, app] = await Promise.all([
    loadPart(SIGN_IN_CATALOGUES, locale, 'sign-in.po'),
    signedIn ? loadPart(APP_CATALOGUES, locale, 'messages.po') : undefined,
  ]);
  return { ...signIn, ...app };
}

// Which activation was asked for last: only it may still change the language once its words have loaded.
let lastActivation = 0;

/**
 * Loads and activates a language, remembers it (for the user too when one is signed in) and sets the
 * document's `lang`. Signed in, the whole app's messages load with it. The choice is remembered when made,
 * and the language asked for last is the one shown: two activations overlap when a language is picked on the
 * sign-in page and the sign-in ends before its words have loaded, or two are picked in quick succession, and
 * the one whose words came last used to win (an English teacher's page in Japanese, or in English with only
 * the sign-in page's words). `load` is the catalogue loader (a test's, to order the loads).
 */
export async function activateLocale(
  locale: Locale,
  userId?: string | null,
  load: typeof loadCatalog = loadCatalog,
): Promise<void> {
  lastActivation += 1;
  const activation = lastActivation;
  rememberLocale(locale, userId);
  const messages = await load(locale, Boolean(userId));
  if (activation !== lastActivation) return;
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

export { i18n };
