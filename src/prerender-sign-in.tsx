// The build's server-side entry (scripts/prerender-sign-in-plugin.ts): renders the sign-in page with the app's
// own router, providers and components, once per language, so the copy in index.html cannot drift from the
// screen React renders.
// First: the app's modules read the tab's storage as they load.
import './prerender-storage';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './app/app';
import {
  type AppScripts,
  firstPaintScript,
  firstPaintStyle,
  PRERENDERED_SIGN_IN_ID,
  SIGN_IN_PATH,
} from './app/prerendered-sign-in';
import { createAppRouter } from './app/router';
import type { SessionStore } from './app/session';
import { i18n, LOCALES, type Locale, loadCatalog } from './i18n/i18n';

/** The session of a signed-out browser: the sign-in page is all it is ever rendered for. */
const signedOut: SessionStore = {
  getUser: () => null,
  setUser: () => undefined,
  subscribe: () => () => undefined,
};

/**
 * The sign-in page's markup in one language, as a signed-out browser first shows it. Ids carry the language,
 * so the three copies in one page never share one.
 */
async function renderSignInPage(locale: Locale): Promise<string> {
  i18n.loadAndActivate({ locale, messages: await loadCatalog(locale, false) });
  const router = createAppRouter(signedOut, {
    history: createMemoryHistory({ initialEntries: [SIGN_IN_PATH] }),
  });
  await router.load();
  const matched = router.state.matches.at(-1)?.routeId;
  if (matched !== '/login') throw new Error(`The sign-in page rendered route ${matched}, not /login`);
  const markup = renderToString(<App router={router} session={signedOut} />, {
    identifierPrefix: `${locale}-`,
  });
  // The page's CSP allows only the head script it names: any other inline script would be refused.
  if (markup.includes('<script')) throw new Error('The prerendered sign-in page holds a script');
  return markup;
}

/**
 * What index.html takes: the head's script and style that pick what shows and start the app, and the body's
 * copies.
 */
export type PrerenderedSignInPage = { head: string; body: string };

/**
 * The sign-in page in every language, hidden in one element that the head's style and script open for the
 * sign-in path. The copy is inert: nothing in it can be focused, typed into or sent before React replaces it
 * (a form sent by the browser itself would put the password in the address).
 */
export async function prerenderSignInPage(scripts: AppScripts): Promise<PrerenderedSignInPage> {
  const copies: string[] = [];
  for (const locale of LOCALES) copies.push(`<div lang="${locale}">${await renderSignInPage(locale)}</div>`);
  return {
    head: `<script>${firstPaintScript(scripts)}</script><style>${firstPaintStyle()}</style>`,
    body: `<div id="${PRERENDERED_SIGN_IN_ID}" inert>${copies.join('')}</div>`,
  };
}
