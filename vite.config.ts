import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_AVATAR_FILE, STUDENT_AVATAR_PATH, USER_AVATAR_PATH } from './domain/avatar-paths';
import { DEFAULT_LOCALE } from './domain/locales';
import { prerenderSignInPage } from './scripts/prerender-sign-in-plugin';

const BASE = '/admin/';
/**
 * The name the spreadsheet library's chunk takes from its module (exceljs.min.js): loaded only to export or
 * import a file, by a dynamic import.
 */
const SPREADSHEET_CHUNK = 'exceljs.min';
const API_TARGET = 'http://localhost:3000';

// One id per build: the app compares it with the server's `hello` and `/get-version-build` answers.
const BUILD_ID = process.env.BUILD_ID ?? Date.now().toString(36);

/** Defines `__BUILD_ID__` for the app and writes `dist/build.json` so the server can announce the same id. */
function buildId(id: string): Plugin {
  return {
    name: 'school:build-id',
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(id) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ build: id })}\n` });
    },
  };
}

/**
 * Writes `.br` and `.gz` twins of the built scripts and styles, so the server sends compressed files without
 * compressing on every request (teachers on poor Wi-Fi download a third of the bytes).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'school:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const assets = path.join(outDir, 'assets');
      const names = (await readdir(assets))
        .filter((name) => /\.(js|css)$/.test(name))
        .map((name) => path.join('assets', name));
      // index.html carries the sign-in page and the styles inline (prerenderSignInPage): it is compressed too.
      names.push('index.html');
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const body = await readFile(file);
          await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
          await writeFile(
            `${file}.br`,
            brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}

/**
 * Lists in index.html, as modulepreload, the scripts the sign-in page asks for once the entry has run: the
 * sign-in screen's route chunks and the default language's sign-in words. Over HTTP/1.1 they then arrive with
 * the entry instead of a round trip after it. A signed-in device loses nothing: its service worker caches
 * every chunk anyway.
 */
function preloadSignInPage(modules: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'school:preload-sign-in-page',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const already = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const wanted = new Set<string>();
        const add = (fileName: string) => {
          if (already.has(fileName) || wanted.has(fileName)) return;
          wanted.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) add(imported);
        };
        for (const module of modules) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`preloadSignInPage: no chunk for ${module}`);
          add(chunk.fileName);
        }
        return [...wanted].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The plugins that compile the app's sources: the browser build and the sign-in page's prerender share them. */
function compilePlugins(): PluginOption[] {
  return [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The offline shell; off under Vitest, where a service worker build has no meaning. */
function pwa(): PluginOption {
  if (process.env.VITEST) return [];
  return VitePWA({
    registerType: 'autoUpdate',
    injectRegister: false,
    manifestFilename: 'manifest.json',
    includeAssets: ['icon.svg', 'apple-touch-icon.png'],
    manifest: {
      name: 'School Admin',
      short_name: 'School Admin',
      description: 'School administration: attendance, achievement, subjects and more, online or offline.',
      lang: 'ja',
      start_url: BASE,
      scope: BASE,
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#1e4e8c',
      icons: [
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{html,js,css,svg,png,woff2,json}'],
      // build.json names the build the server runs; a cached copy would hide a new deploy. The spreadsheet
      // library (exceljs, 0.9 MB) is loaded only to export or import a file: it is cached when first used
      // (runtimeCaching below), not downloaded by every device up front.
      globIgnores: ['build.json', `assets/${SPREADSHEET_CHUNK}-*.js`],
      // The default avatars are served by the server, outside the build, yet every header shows one: they are
      // precached with the shell, so a device that goes offline before the header ever drew one still shows it
      // (issue 42). The build id as revision fetches them again with each deploy (they are a few hundred bytes).
      additionalManifestEntries: [STUDENT_AVATAR_PATH, USER_AVATAR_PATH].map((folder) => ({
        url: `${folder}/${DEFAULT_AVATAR_FILE}`,
        revision: BUILD_ID,
      })),
      runtimeCaching: [
        // A user's own avatar: shown from the cache at once (offline too), refreshed behind it when online.
        // A RegExp, not a function: the service worker's code is written out as text, without this file's names.
        {
          urlPattern: new RegExp(
            `(${[STUDENT_AVATAR_PATH, USER_AVATAR_PATH].map(escapeRegExp).join('|')})/[^/]+$`,
          ),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: 'avatars', expiration: { maxEntries: 50 } },
        },
        {
          urlPattern: new RegExp(`/assets/${SPREADSHEET_CHUNK.replaceAll('.', '\\.')}-[^/]+\\.js$`),
          handler: 'CacheFirst',
          options: { cacheName: 'spreadsheet-library' },
        },
      ],
      navigateFallback: `${BASE}index.html`,
      navigateFallbackDenylist: [/^\/api\//, /^\/ws/, /^\/master-data/, /^\/get-version-build/],
      cleanupOutdatedCaches: true,
      // Shows the Web Push notices the server sends and opens their page on a tap (public/push-handler.js);
      // the caching above is untouched by it.
      importScripts: ['push-handler.js'],
      // Take control of the page that registered the worker, so the first visit already works offline.
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}

export default defineConfig({
  base: BASE,
  build: {
    rolldownOptions: {
      output: {
        // The setting that keeps zod from compiling parsers with eval (src/zod-jitless.ts) is a chunk of its own,
        // the page's first import, so it runs before any chunk that builds a schema. zod is a chunk of its own
        // too, loaded with the first screen or call that needs it: the sign-in page paints without it. Every other
        // module the page start imports statically is one chunk (`$initial`): they all load on every first visit
        // anyway, and as some twenty small shared chunks they cost a request each over HTTP/1.1 and compress
        // worse apart.
        codeSplitting: {
          groups: [
            { name: 'zod-jitless', test: /[\\/]src[\\/]zod-jitless/ },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            { name: 'app-start', tags: ['$initial'] },
          ],
        },
      },
      // The build says only what went wrong: no per-plugin timings (STACK.md: the build is slow on shared
      // machines, not wrong).
      checks: { bundlerTimings: false },
    },
    // The one chunk over 500 kB is the spreadsheet library, loaded only on export or import.
    chunkSizeWarningLimit: 1000,
  },
  plugins: [
    ...compilePlugins(),
    tailwindcss(),
    buildId(BUILD_ID),
    prerenderSignInPage({ entry: 'src/prerender-sign-in.tsx', compilePlugins }),
    preloadSignInPage(['src/routes/login.tsx?tsr-split=component', `locales/${DEFAULT_LOCALE}/sign-in.po`]),
    pwa(),
    precompress(),
  ],
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET },
      '/ws': { target: API_TARGET, ws: true },
      '/master-data': { target: API_TARGET },
      '/get-version-build': { target: API_TARGET },
    },
  },
});
