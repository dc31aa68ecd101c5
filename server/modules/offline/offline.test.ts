import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/calls';
import { buildTestApp, signIn, type TestApp } from '../../testing/test-app';
import { precacheUrls } from './service';

// The shape workbox-build writes into a generated sw.js (taken from this app's own build, shortened).
const SERVICE_WORKER = `define(["./workbox-9c191d2f"],(function(s){"use strict";self.skipWaiting(),s.clientsClaim(),
s.precacheAndRoute([{url:"manifest.json",revision:"648d3a19"},{url:"index.html",revision:"39eada13"},
{url:"assets/index-B1x2.js",revision:null},{url:"assets/index-C9z8.css",revision:null},
{url:"index.html",revision:"39eada13"}],{}),s.cleanupOutdatedCaches()}));`;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('offline files', () => {
  it('reads the precache entries of a generated service worker, once each, in order', () => {
    expect(precacheUrls(SERVICE_WORKER)).toEqual([
      'manifest.json',
      'index.html',
      'assets/index-B1x2.js',
      'assets/index-C9z8.css',
    ]);
    expect(precacheUrls('self.addEventListener("fetch", () => {})')).toEqual([]);
  });

  it('lists no files while the server has no build, and the build’s precache once it has one', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const before = await call(t.app, admin, 'GET', '/api/offline/get-files-render');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ files: [] });

    await writeFile(path.join(t.config.staticDir, 'sw.js'), SERVICE_WORKER);
    const after = await call(t.app, admin, 'GET', '/api/offline/get-files-render');
    expect(after.json()).toEqual({
      files: [
        '/admin/manifest.json',
        '/admin/index.html',
        '/admin/assets/index-B1x2.js',
        '/admin/assets/index-C9z8.css',
      ],
    });
  });
});

describe('offline data caches', () => {
  it('gives a teacher the preset pages and the pulls of the collections a teacher replicates', async () => {
    const teacher = await signIn(t.app, 'teacher@demo.test');
    const response = await call(t.app, teacher, 'GET', '/api/offline/get-data-caches');
    expect(response.statusCode).toBe(200);
    const { urls } = response.json() as { urls: string[] };
    expect(urls.slice(0, 4)).toEqual(['/admin/', '/master-data', '/admin/attendance', '/admin/achievement']);
    expect(urls).toContain('/api/sync/master/pull');
    expect(urls).toContain('/api/sync/attendance/pull');
  });

  it('gives a student the same list as a teacher: both replicate every collection, each in their own scope', async () => {
    const urlsOf = async (email: string) =>
      (await call(t.app, await signIn(t.app, email), 'GET', '/api/offline/get-data-caches')).json();
    expect(await urlsOf('student@demo.test')).toEqual(await urlsOf('teacher@demo.test'));
  });

  // SPEC §4: roles 0 and 3 keep nothing offline.
  it.each(['observer@demo.test', 'super@demo.test'])('refuses %s both calls with 403', async (email) => {
    const session = await signIn(t.app, email);
    for (const url of ['/api/offline/get-files-render', '/api/offline/get-data-caches']) {
      expect((await call(t.app, session, 'GET', url)).statusCode, url).toBe(403);
    }
  });

  it('refuses a caller without a session with 401', async () => {
    expect((await call(t.app, undefined, 'GET', '/api/offline/get-data-caches')).statusCode).toBe(401);
  });
});
