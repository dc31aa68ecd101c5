import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  firstPaintScript,
  firstPaintStyle,
  PRERENDERED_SIGN_IN_FLAG,
  PRERENDERED_SIGN_IN_ID,
  removePrerenderedSignIn,
  removeUnshownPrerenderedSignIn,
} from './prerendered-sign-in';
import { rememberSessionEnded } from './session-ended';

const ENTRY = '/admin/assets/index-test.js';
const CHUNK = '/admin/assets/login-test.js';

/** Runs the head script as the page would, on `path`, then lets the body finish parsing. */
async function openPage(path: string): Promise<void> {
  history.replaceState(null, '', path);
  new Function(firstPaintScript({ entry: ENTRY, preloads: [CHUNK] }))();
  // Nothing of the copy shows while the body is still being parsed.
  expect(document.documentElement.hasAttribute(PRERENDERED_SIGN_IN_FLAG)).toBe(false);
  document.dispatchEvent(new Event('DOMContentLoaded'));
  // The app starts after the next frame when the copy shows.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10)));
}

function preloaded(): string[] {
  return [...document.head.querySelectorAll('link[rel="modulepreload"]')].map(
    (link) => link.getAttribute('href') ?? '',
  );
}

function startedEntries(): string[] {
  return [...document.head.querySelectorAll('script[type="module"]')].map(
    (script) => script.getAttribute('src') ?? '',
  );
}

beforeEach(() => {
  document.documentElement.lang = 'ja';
  document.documentElement.removeAttribute(PRERENDERED_SIGN_IN_FLAG);
  document.head.innerHTML = '';
  sessionStorage.clear();
});

afterEach(() => {
  sessionStorage.clear();
});

describe('the sign-in page painted before React', () => {
  it('shows the copy in the language this device remembers and then starts the app', async () => {
    localStorage.setItem('lang', 'vi');
    await openPage('/admin/login');
    expect(document.documentElement.lang).toBe('vi');
    expect(document.documentElement.hasAttribute(PRERENDERED_SIGN_IN_FLAG)).toBe(true);
    expect(preloaded()).toEqual([ENTRY, CHUNK]);
    expect(startedEntries()).toEqual([ENTRY]);
  });

  it('keeps Japanese when the remembered language is unknown', async () => {
    localStorage.setItem('lang', 'fr');
    await openPage('/admin/login/');
    expect(document.documentElement.lang).toBe('ja');
    expect(document.documentElement.hasAttribute(PRERENDERED_SIGN_IN_FLAG)).toBe(true);
  });

  it('never shows it to a signed-in user, on the sign-in path or any other, who still gets the app', async () => {
    localStorage.setItem('user', '{"id":"u1"}');
    localStorage.setItem('lang', 'en');
    await openPage('/admin/login');
    expect(document.documentElement.hasAttribute(PRERENDERED_SIGN_IN_FLAG)).toBe(false);
    expect(document.documentElement.lang).toBe('en');
    expect(startedEntries()).toEqual([ENTRY]);

    localStorage.removeItem('user');
    document.head.innerHTML = '';
    await openPage('/admin/home');
    expect(document.documentElement.hasAttribute(PRERENDERED_SIGN_IN_FLAG)).toBe(false);
    expect(startedEntries()).toEqual([ENTRY]);
  });

  it('waits for React when the session ended, whose notice the copy lacks', async () => {
    rememberSessionEnded(sessionStorage, { name: '田中', pending: 2 });
    await openPage('/admin/login');
    expect(document.documentElement.hasAttribute(PRERENDERED_SIGN_IN_FLAG)).toBe(false);
  });

  it('leaves when the sign-in screen replaces it', () => {
    document.body.innerHTML = `<div id="${PRERENDERED_SIGN_IN_ID}"><div lang="ja">ログイン</div></div>`;
    document.documentElement.setAttribute(PRERENDERED_SIGN_IN_FLAG, '');
    removePrerenderedSignIn();
    expect(document.getElementById(PRERENDERED_SIGN_IN_ID)).toBeNull();
    expect(document.documentElement.hasAttribute(PRERENDERED_SIGN_IN_FLAG)).toBe(false);
  });

  it('leaves when the app starts if it was not shown, and stays for the sign-in screen when it was', () => {
    const copy = `<div id="${PRERENDERED_SIGN_IN_ID}"><div lang="ja">ログイン</div></div>`;
    document.body.innerHTML = copy;
    removeUnshownPrerenderedSignIn();
    expect(document.getElementById(PRERENDERED_SIGN_IN_ID)).toBeNull();

    document.body.innerHTML = copy;
    document.documentElement.setAttribute(PRERENDERED_SIGN_IN_FLAG, '');
    removeUnshownPrerenderedSignIn();
    expect(document.getElementById(PRERENDERED_SIGN_IN_ID)).not.toBeNull();
  });

  it('styles only the copy of the document language, and only when the script allowed it', () => {
    const style = firstPaintStyle();
    expect(style).toContain(`#${PRERENDERED_SIGN_IN_ID}>[lang]{display:none}`);
    for (const locale of ['ja', 'vi', 'en']) {
      expect(style).toContain(
        `html[${PRERENDERED_SIGN_IN_FLAG}][lang="${locale}"] #${PRERENDERED_SIGN_IN_ID}>[lang="${locale}"]`,
      );
    }
  });
});
