import { LOCALE_STORAGE_KEY, LOCALES } from '../i18n/i18n';
import { USER_STORAGE_KEY } from './session';
import { SESSION_ENDED_KEY } from './session-ended';

// The sign-in page paints before React: the build puts the sign-in screen, rendered by its own components in
// each language, in index.html (scripts/prerender-sign-in-plugin.ts), and a script in <head> picks what shows
// before the body is parsed. React then renders the same screen and removes the copy in the same frame.

/** The path of the sign-in page, the only one the prerendered copy shows on. */
export const SIGN_IN_PATH = '/admin/login';

/** Id of the element holding the prerendered sign-in screen, one child per language. */
export const PRERENDERED_SIGN_IN_ID = 'prerendered-sign-in';

/** Attribute the head script puts on <html> when the prerendered copy may show. */
export const PRERENDERED_SIGN_IN_FLAG = 'data-prerendered-sign-in';

/** The app's scripts as the build names them: the entry (src/main.tsx) and what the first screen needs with it. */
export type AppScripts = { entry: string; preloads: readonly string[] };

/**
 * The script that runs in <head>, before the body is parsed, and starts the app. It sets the document's
 * language to this device's remembered one (as `rememberedLocale` reads it without a user), and lets the
 * prerendered sign-in screen show only on the sign-in path of a browser with no stored user and no
 * ended-session notice: a stored user is sent elsewhere by the router, and the notice adds a box the copy
 * lacks, so those pages wait for React as before.
 *
 * The copy shows once the body is parsed, and the app's scripts are then asked for after the frame that
 * paints it; on other pages at once (and the entry runs when the body is parsed, as a module script would).
 * Asked for at once, they would arrive and run before the browser's first frame on a fast link, and the page
 * would paint only after React, as it did before the copy existed; on a slow link they would share the line
 * with the page. The copy is what the user looks at meanwhile, and it is inert until React replaces it.
 */
export function firstPaintScript(scripts: AppScripts): string {
  const json = JSON.stringify;
  return [
    '(function(){var d=document.documentElement,shown=false;try{',
    `var l=localStorage.getItem(${json(LOCALE_STORAGE_KEY)});`,
    `if(${json(LOCALES)}.indexOf(l)>=0)d.lang=l;`,
    `shown=location.pathname.replace(/\\/$/,"")===${json(SIGN_IN_PATH)}`,
    `&&!localStorage.getItem(${json(USER_STORAGE_KEY)})`,
    `&&!sessionStorage.getItem(${json(SESSION_ENDED_KEY)})`,
    '}catch(e){}',
    'function add(tag,props){var e=document.createElement(tag);e.crossOrigin="";',
    'for(var k in props)e[k]=props[k];document.head.appendChild(e)}',
    `function preload(){${json([scripts.entry, ...scripts.preloads])}.forEach(function(u){`,
    'add("link",{rel:"modulepreload",href:u})})}',
    `function start(){add("script",{type:"module",src:${json(scripts.entry)}})}`,
    'if(!shown){preload();document.addEventListener("DOMContentLoaded",start,{once:true});return}',
    // Shown once the whole body is parsed: a frame painted halfway through the parse would show part of the
    // card, centred, and move it when the rest arrived.
    'document.addEventListener("DOMContentLoaded",function(){',
    `d.setAttribute(${json(PRERENDERED_SIGN_IN_FLAG)},"");`,
    // A hidden tab paints no frame: it starts at once.
    'if(document.visibilityState!=="visible"){preload();start();return}',
    'requestAnimationFrame(function(){setTimeout(function(){preload();start()})})},{once:true})',
    '})()',
  ].join('');
}

/**
 * The style that shows the prerendered copy of the document's language, and nothing of it unless the head
 * script allowed it. `html[lang]` is set by the script before the first paint and later by `activateLocale`.
 */
export function firstPaintStyle(): string {
  const shown = LOCALES.map(
    (locale) =>
      `html[${PRERENDERED_SIGN_IN_FLAG}][lang="${locale}"] #${PRERENDERED_SIGN_IN_ID}>[lang="${locale}"]`,
  );
  return `#${PRERENDERED_SIGN_IN_ID}>[lang]{display:none}${shown.join(',')}{display:block}`;
}

/**
 * Removes the prerendered copy when the head script did not let it show (another page, a stored user, an
 * ended-session notice): the app starts on such a page with no hidden second sign-in form in its document.
 */
export function removeUnshownPrerenderedSignIn(doc: Document = document): void {
  if (!doc.documentElement.hasAttribute(PRERENDERED_SIGN_IN_FLAG)) removePrerenderedSignIn(doc);
}

/**
 * Removes the prerendered copy. The sign-in screen calls it in a layout effect, so the copy leaves in the
 * commit that puts the real screen in its place, before the browser paints again.
 */
export function removePrerenderedSignIn(doc: Document = document): void {
  doc.getElementById(PRERENDERED_SIGN_IN_ID)?.remove();
  doc.documentElement.removeAttribute(PRERENDERED_SIGN_IN_FLAG);
}
