import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption } from 'vite';
import type { AppScripts } from '../src/app/prerendered-sign-in';
import type { PrerenderedSignInPage } from '../src/prerender-sign-in';

type PrerenderModule = { prerenderSignInPage: (scripts: AppScripts) => Promise<PrerenderedSignInPage> };

/** Where the server-side build of the prerender entry goes for the moment it runs (git ignores `.tmp/`). */
const OUT_DIR = '.tmp/prerender-sign-in';

/**
 * Puts the sign-in page, rendered at build time by the app's own components (`src/prerender-sign-in.tsx`, built
 * for Node with the same compile plugins), into the built index.html, with the entry's stylesheet inlined and
 * the entry started by the page's head script, so the page paints as soon as the HTML arrives instead of after
 * the scripts run (docs/sign-in-first-paint.md).
 * `compilePlugins` makes a fresh set of the plugins that compile the app's sources (router, React, Lingui).
 */
export function prerenderSignInPage(options: {
  entry: string;
  compilePlugins: () => PluginOption[];
}): Plugin {
  let root = process.cwd();
  let base = '/';
  let define: Record<string, string> = {};
  return {
    name: 'school:prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      define = Object.fromEntries(
        Object.entries(config.define ?? {}).map(([key, value]) => [key, String(value)]),
      );
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) return html;
        // The head script asks for the app's scripts and starts it (src/app/prerendered-sign-in.ts): their
        // tags leave the page.
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry?.[1]) throw new Error('prerenderSignInPage: index.html has no entry script');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        const scripts = { entry: entry[1], preloads: preloads.map((link) => link[1] ?? '') };
        const page = await renderPage(root, base, define, options, scripts);
        let result = inlineEntryStylesheet(html, base, bundle).replace(entry[0], '');
        for (const link of preloads) result = result.replace(link[0], '');
        return result
          .replace('<meta charset="UTF-8" />', (charset) => `${charset}\n    ${page.head}`)
          .replace('<div id="root"></div>', (rootElement) => `${page.body}\n    ${rootElement}`);
      },
    },
  };
}

async function renderPage(
  root: string,
  base: string,
  define: Record<string, string>,
  options: { entry: string; compilePlugins: () => PluginOption[] },
  scripts: AppScripts,
): Promise<PrerenderedSignInPage> {
  const outDir = path.join(root, OUT_DIR);
  await build({
    configFile: false,
    root,
    base,
    define,
    logLevel: 'warn',
    plugins: options.compilePlugins(),
    build: {
      ssr: options.entry,
      outDir,
      emptyOutDir: true,
      // The service worker's registration module exists only in the browser build; the prerender never loads it.
      rolldownOptions: { external: [/^virtual:/], output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  try {
    const module: PrerenderModule = await import(pathToFileURL(path.join(outDir, 'prerender.mjs')).href);
    return await module.prerenderSignInPage(scripts);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

type Bundle = NonNullable<
  Parameters<Extract<Plugin['transformIndexHtml'], { handler: unknown }>['handler']>[1]['bundle']
>;

/**
 * Replaces the entry's stylesheet link with the stylesheet itself: a linked stylesheet holds the first paint
 * for one more request, and the whole app's styles are a few kB compressed.
 */
function inlineEntryStylesheet(html: string, base: string, bundle: Bundle): string {
  const link = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/.exec(html);
  if (!link?.[1]) throw new Error('prerenderSignInPage: index.html links no stylesheet');
  const fileName = link[1].slice(base.length);
  const asset = bundle[fileName];
  if (asset?.type !== 'asset')
    throw new Error(`prerenderSignInPage: no stylesheet ${fileName} in the bundle`);
  const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
  // The chunks loaded later name the stylesheet among their dependencies, and Vite's preloader adds it unless
  // the page links it already: a disabled link says it is in the page, and is never fetched.
  const marker = `<link rel="stylesheet" crossorigin href="${link[1]}" disabled>`;
  return html.replace(link[0], () => `<style>${css}</style>${marker}`);
}
