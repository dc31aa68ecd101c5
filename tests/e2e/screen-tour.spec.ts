import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { type AccountRole, Role } from '../../domain/roles';
import { PUBLIC_ROUTES, rolesForRoute } from '../../domain/route-roles';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { DEMO_PASSWORD } from './support/api';
import {
  CATALOGUE_LANGUAGES,
  type CatalogueLanguage,
  foreignTexts,
  readCatalogue,
} from './support/catalogue';
import {
  bellTexts,
  inspectScreen,
  openInApp,
  routePathsFromFiles,
  settle,
  TOUR_TEXTS_DIR,
} from './support/screen-checks';
import { test } from './support/test';

/**
 * The screen tour (issue #25): every screen of `src/routes`, as each role that may open it, in ja, vi and en,
 * at a desktop and a phone width. Each look fails on a page that scrolls sideways, a label cut by an ellipsis
 * with no way to read it whole, a catalogue message shown in another language's words, hiragana in
 * server-made text (cards, notifications, alerts) in English or Vietnamese, and serious axe findings; each
 * keeps a screenshot in test-results (the CI artefacts). The language switches in the avatar menu and screens
 * open through the router, so the app loads once per test.
 *
 * The tests of this file run side by side on the suite's workers: a role with many screens is toured in one
 * test per language (the admin's whole tour was 5.5 min in one test, which one worker ran while the other had
 * finished), the others in one test each. Whether a text is another language's words is told by comparing a
 * screen's texts in all three languages; the test that completes a role's three languages compares them
 * (`wordsOfAllLanguages`).
 */
test.describe.configure({ mode: 'parallel' });

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const ACCOUNTS: readonly { role: AccountRole; name: string; email: string }[] = [
  { role: Role.admin, name: 'admin', email: 'admin@demo.test' },
  { role: Role.teacher, name: 'teacher', email: 'teacher@demo.test' },
  { role: Role.observer, name: 'observer', email: 'observer@demo.test' },
  { role: Role.student, name: 'student', email: 'student@demo.test' },
  { role: Role.superAdmin, name: 'super-admin', email: 'super@demo.test' },
  // Issue 43: the child switcher, a child's day, attendance, scores, requests and the excuse form.
  { role: Role.guardian, name: 'guardian', email: 'guardian@demo.test' },
];

/**
 * Screens seen before the app is entered: the sign-in pages, the code step and the forced password change
 * (a signed-in user who has passed them is sent on from both, so they are toured signed out).
 */
const SIGNED_OUT_ROUTES = new Set<string>([...PUBLIC_ROUTES, '/forgot-password', '/otp', '/change-password']);

const HIRAGANA = /[\u3041-\u309f]/;
const LANGUAGE_SWITCH = /^(言語|Ngôn ngữ|Language)$/;
const FOREIGN = foreignTexts();

/** A problem found on one look, named by where it was found. */
type Finding = string;

/** The texts of one screen in each language, to tell untranslated words from data (see `untranslated`). */
type TextsByLanguage = Map<string, Map<CatalogueLanguage, readonly string[]>>;

/** A role with more screens than this is toured in one test per language rather than all three in one test. */
const ONE_TEST_PER_LANGUAGE = 20;

/** The signed-in routes of `src/routes` a role may open, lists before details (a detail's address is found on its list). */
function routesOf(role: AccountRole): string[] {
  return routePathsFromFiles()
    .filter((route) => !SIGNED_OUT_ROUTES.has(route) && (rolesForRoute(route) ?? []).includes(role))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

/**
 * Axe runs once per screen, in Japanese at the desktop width, for the first role of `ACCOUNTS` that may open
 * it: its findings hardly depend on the language or the role, and it takes seconds a page, most of the
 * tour's time if run on every look. The whole page (shell included) is checked on the first screen a role's
 * tour opens when that screen is the role's to check, the screen's own part (`main`) on the others.
 */
function axeScreensOf(account: (typeof ACCOUNTS)[number]): Set<string> {
  const earlier = ACCOUNTS.slice(0, ACCOUNTS.indexOf(account)).flatMap((other) => routesOf(other.role));
  return new Set(routesOf(account.role).filter((route) => !earlier.includes(route)));
}

/** A route pattern as a matcher of in-app addresses (`$param`: one segment that is not a sibling's name). */
function matcher(route: string): RegExp {
  const pattern = route
    .split('/')
    .map((part) =>
      part.startsWith('$') ? '(?!add$|invite$)[^/?#]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^/admin${pattern === '' ? '/' : pattern}(?:\\?.*)?$`);
}

/**
 * Where to open each route: a static route as it is (or with the query a screen linked it with, so the
 * attendance and score sheets show a class), a route with parameters at the first address of it found on an
 * earlier screen.
 */
class Addresses {
  private readonly found = new Map<string, string>();

  constructor(private readonly routes: readonly string[]) {}

  learn(links: readonly string[]): void {
    for (const route of this.routes) {
      if (this.found.has(route)) continue;
      const match = matcher(route);
      const link = links.find((href) => match.test(href) && (route.includes('$') || href.includes('?')));
      if (link) this.found.set(route, link);
    }
  }

  of(route: string): string | null {
    return this.found.get(route) ?? (route.includes('$') ? null : `/admin${route === '/' ? '/' : route}`);
  }
}

/**
 * The texts of a screen that are another language's wording of a catalogue message. A text the screen shows
 * alike in all three languages is data (a score named レポート is not the menu's "Reports"), not a message.
 */
function untranslated(where: string, texts: TextsByLanguage): Finding[] {
  return [...texts].flatMap(([screen, byLanguage]) => {
    const everywhere = CATALOGUE_LANGUAGES.map((language) => new Set(byLanguage.get(language) ?? []));
    return [...byLanguage].flatMap(([language, shown]) =>
      shown.flatMap((text) => {
        const why = FOREIGN[language].get(text);
        if (!why || everywhere.every((set) => set.has(text))) return [];
        return [`${where} ${language} ${screen}: untranslated "${text}" (${why})`];
      }),
    );
  });
}

/** Checks the screen shown and keeps its screenshot; answers what is wrong with it and the texts it shows. */
async function look(
  page: Page,
  testInfo: TestInfo,
  where: { who: string; language: CatalogueLanguage; width: string; route: string },
  options: { axe: false | 'page' | 'main'; addresses?: Addresses },
): Promise<{ findings: Finding[]; texts: string[] }> {
  const name = `${where.who} ${where.language} ${where.width} ${where.route}`;
  const facts = await inspectScreen(page);
  options.addresses?.learn(facts.links);
  const findings: Finding[] = [];
  if (facts.overflow)
    findings.push(
      `${name}: the page scrolls sideways by ${facts.overflow.by}px (${facts.overflow.culprits.join('; ')})`,
    );
  for (const label of facts.cutLabels) findings.push(`${name}: label cut by an ellipsis: ${label}`);
  if (where.language !== 'ja') {
    for (const text of facts.serverTexts.filter((candidate) => HIRAGANA.test(candidate)))
      findings.push(`${name}: Japanese server text in ${where.language}: "${text.slice(0, 60)}"`);
  }
  if (options.axe) {
    // Only violations come back whole: gathering every passing node doubled axe's time on large screens.
    const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    const results = await (options.axe === 'main' ? builder.include('main') : builder).analyze();
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
      findings.push(`${name}: axe ${violation.id} at ${targets.join(', ')}`);
    }
  }
  const file = `${where.who}-${where.language}-${where.width}-${where.route.replace(/[^a-z0-9]+/gi, '_')}.jpg`;
  await page.screenshot({ path: testInfo.outputPath(file), type: 'jpeg', quality: 50, caret: 'initial' });
  return { findings, texts: facts.texts };
}

/** Keeps the texts of one look under its screen (width and route) and language. */
function keepTexts(
  texts: TextsByLanguage,
  screen: string,
  language: CatalogueLanguage,
  shown: readonly string[],
): void {
  const byLanguage = texts.get(screen) ?? new Map<CatalogueLanguage, readonly string[]>();
  byLanguage.set(language, shown);
  texts.set(screen, byLanguage);
}

/**
 * Forgets the sign-in a step of the tour began (its cookie, and the user the browser keeps), so the next page
 * opens signed out: a stored user would be sent into the app first and back to sign-in when its session fails.
 */
async function forgetSignIn(page: Page): Promise<void> {
  await page.context().clearCookies();
  if (!page.url().startsWith('http')) return;
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** Chooses a language with the switch of the signed-out screens, when the screen is not in it already. */
async function chooseSignedOutLanguage(page: Page, language: CatalogueLanguage): Promise<void> {
  // The app has taken over: the sign-in page's prerendered copy (inert, with its own switches) is gone.
  await expect(page.locator('#prerendered-sign-in')).toHaveCount(0);
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  await page.locator('#root').getByLabel(LANGUAGE_SWITCH).selectOption(language);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

test('the catalogues word every message in ja, vi and en', () => {
  const empty = CATALOGUE_LANGUAGES.flatMap((language) =>
    readCatalogue(language)
      .filter((entry) => entry.msgstr.trim() === '')
      .map((entry) => `${language}: "${entry.msgid}"`),
  );
  expect(empty).toEqual([]);
  // Every route file is toured: signed out, or as the roles the route table lets in.
  const unknown = routePathsFromFiles().filter(
    (route) => !SIGNED_OUT_ROUTES.has(route) && (rolesForRoute(route) ?? []).length === 0,
  );
  expect(unknown).toEqual([]);
});

test('signed-out screens fit and are worded in each language', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const findings: Finding[] = [];
  const texts: TextsByLanguage = new Map();
  const lookAt = async (route: string, language: CatalogueLanguage) => {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await settle(page);
      const where = { who: 'signed-out', language, width: size.name, route };
      const seen = await look(page, testInfo, where, {
        axe: size.name === 'desktop' && language === 'ja' && 'page',
      });
      findings.push(...seen.findings);
      keepTexts(texts, `${size.name} ${route}`, language, seen.texts);
    }
  };
  // A sign-in that stops at its first step: the code step, or the forced password change.
  const signInTo = async (email: string, route: '/otp' | '/change-password') => {
    await forgetSignIn(page);
    await page.goto('/admin/login');
    // The app's own form, in #root: the sign-in page's prerendered copies (inert) stand beside it until
    // React takes over.
    const form = page.locator('#root form');
    await form.locator('input[type="email"]').fill(email);
    await form.locator('input[type="password"]').fill(DEMO_PASSWORD);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`/admin${route}`));
  };
  for (const language of CATALOGUE_LANGUAGES) {
    await forgetSignIn(page);
    for (const route of ['/login', '/forgot-password', '/reset-password/$token']) {
      await page.goto(`/admin${route.replace('$token', 'tour-token')}`);
      await chooseSignedOutLanguage(page, language);
      await lookAt(route, language);
    }
    await signInTo('student2@demo.test', '/otp');
    await chooseSignedOutLanguage(page, language);
    await lookAt('/otp', language);
    // newcomer2 changes its password in auth.spec.ts; the tour keeps its own new account.
    await signInTo('newcomer3@demo.test', '/change-password');
    await chooseSignedOutLanguage(page, language);
    await lookAt('/change-password', language);
  }
  expect([...findings, ...untranslated('signed-out', texts)]).toEqual([]);
});

/**
 * Keeps the texts a test saw in its languages in the run's folder, and answers every language's texts of the
 * role once all three are kept (else null: a test still touring another language compares them when it ends).
 * Written whole then renamed, so a test finishing at the same time never reads half a file.
 */
function wordsOfAllLanguages(who: string, seen: TextsByLanguage): TextsByLanguage | null {
  const dir = process.env[TOUR_TEXTS_DIR];
  if (!dir) throw new Error(`${TOUR_TEXTS_DIR} is not set: run through playwright.config.ts (global setup)`);
  const file = (language: CatalogueLanguage) => path.join(dir, `${who}-${language}.json`);
  for (const language of CATALOGUE_LANGUAGES) {
    const screens = [...seen].flatMap(([screen, byLanguage]) => {
      const shown = byLanguage.get(language);
      return shown ? [[screen, shown] as const] : [];
    });
    if (screens.length === 0) continue;
    writeFileSync(`${file(language)}.part`, JSON.stringify(screens));
    renameSync(`${file(language)}.part`, file(language));
  }
  if (!CATALOGUE_LANGUAGES.every((language) => existsSync(file(language)))) return null;
  const all: TextsByLanguage = new Map();
  for (const language of CATALOGUE_LANGUAGES) {
    const screens = JSON.parse(readFileSync(file(language), 'utf8')) as [string, string[]][];
    for (const [screen, shown] of screens) keepTexts(all, screen, language, shown);
  }
  return all;
}

for (const account of ACCOUNTS) {
  const routes = routesOf(account.role);
  const axeScreens = axeScreensOf(account);
  const groups: CatalogueLanguage[][] =
    routes.length > ONE_TEST_PER_LANGUAGE
      ? CATALOGUE_LANGUAGES.map((language) => [language])
      : [[...CATALOGUE_LANGUAGES]];
  for (const languages of groups) {
    const wording = languages.length === CATALOGUE_LANGUAGES.length ? 'ja, vi and en' : languages.join(', ');
    test(`every screen a ${account.name} may open fits and is worded in ${wording} at both widths`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(600_000);
      await page.setViewportSize(WIDTHS[0]);
      await page.goto('/admin/');
      await new LoginPage(page).signInWithCode(account.email);
      const shell = new ShellPage(page);
      await expect(page.getByRole('banner')).toBeVisible();
      await shell.waitUntilReady();

      const addresses = new Addresses(routes);
      const findings: Finding[] = [];
      const texts: TextsByLanguage = new Map();
      let firstPass = true;
      let firstLook = true;
      for (const language of languages) {
        if ((await page.locator('html').getAttribute('lang')) !== language)
          await shell.switchLanguage(language);
        for (const size of WIDTHS) {
          await page.setViewportSize(size);
          for (const route of routes) {
            const href = addresses.of(route);
            if (!href) continue;
            await openInApp(page, href);
            const axe =
              size.name === 'desktop' &&
              language === 'ja' &&
              axeScreens.has(route) &&
              (firstLook ? 'page' : 'main');
            firstLook = false;
            const where = { who: account.name, language, width: size.name, route };
            // The first pass reads the links of each screen: they give the addresses of the details.
            const seen = await look(page, testInfo, where, {
              axe,
              addresses: firstPass ? addresses : undefined,
            });
            // Soft, so a run cut short by its time limit still lists what it found.
            expect.soft(seen.findings).toEqual([]);
            keepTexts(texts, `${size.name} ${route}`, language, seen.texts);
          }
          if (routes.includes('/') && size.name === 'desktop' && language !== 'ja') {
            await openInApp(page, '/admin/');
            for (const text of (await bellTexts(page)).filter((candidate) => HIRAGANA.test(candidate)))
              findings.push(`${account.name} ${language} bell: Japanese notification "${text.slice(0, 60)}"`);
          }
          firstPass = false;
        }
      }
      const unreached = routes.filter((route) => addresses.of(route) === null);
      testInfo.annotations.push({ type: 'no screen linked to', description: unreached.join(', ') || 'none' });
      expect.soft(findings).toEqual([]);
      const allTexts = wordsOfAllLanguages(account.name, texts);
      testInfo.annotations.push({
        type: 'words compared across ja, vi and en',
        description: allTexts ? 'by this test' : 'by the test of the role that ends last',
      });
      if (allTexts) expect(untranslated(account.name, allTexts)).toEqual([]);
      // The account keeps the school's default language for the specs this worker runs after this one: the
      // tour's tests now share the workers with the other files, and a language left behind is the user's own
      // at their next sign-in.
      if ((await page.locator('html').getAttribute('lang')) !== 'ja') await shell.switchLanguage('ja');
    });
  }
}
