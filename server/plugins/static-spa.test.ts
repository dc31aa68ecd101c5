import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seedDemo: false });
});

afterAll(async () => {
  await t.close();
});

describe('static SPA', () => {
  it('says how to build when there is no build, and redirects / to /admin/', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/admin/');

    const admin = await t.app.inject({ method: 'GET', url: '/admin/students/42' });
    expect(admin.statusCode).toBe(503);
    expect(admin.json().message).toContain('npm run build');

    const manifest = await t.app.inject({ method: 'GET', url: '/admin/manifest.json' });
    expect(manifest.statusCode).toBe(404);
    expect(manifest.json()).toEqual({ message: 'Not Found', code: 'not_found' });

    const version = await t.app.inject({ method: 'GET', url: '/get-version-build' });
    expect(version.json()).toEqual({ version: expect.any(String), build: 'dev' });
  });

  it('serves the build with history fallback and the right caching', async () => {
    const dir = t.config.staticDir;
    await mkdir(path.join(dir, 'assets'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'sw.js'), 'self.skipWaiting()');
    await writeFile(path.join(dir, 'manifest.json'), '{"name":"app"}');
    await writeFile(path.join(dir, 'build.json'), '{"build":"b-42"}');

    const deep = await t.app.inject({ method: 'GET', url: '/admin/students/42' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>app</title>');
    expect(deep.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/admin/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const missingAsset = await t.app.inject({ method: 'GET', url: '/admin/assets/gone-000.js' });
    expect(missingAsset.statusCode).toBe(404);

    const sw = await t.app.inject({ method: 'GET', url: '/admin/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');

    const manifest = await t.app.inject({ method: 'GET', url: '/admin/manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');

    const traversal = await t.app.inject({ method: 'GET', url: '/admin/..%2f..%2fetc%2fpasswd' });
    expect(traversal.body).not.toContain('root:');

    const version = await t.app.inject({ method: 'GET', url: '/get-version-build' });
    expect(version.json().build).toBe('b-42');
  });

  it('sends the precompressed twin of a script to a browser that accepts it, and the plain file otherwise', async () => {
    const dir = t.config.staticDir;
    const script = 'console.log("a long enough script body");\n'.repeat(50);
    await mkdir(path.join(dir, 'assets'), { recursive: true });
    await writeFile(path.join(dir, 'assets', 'page-def456.js'), script);
    await writeFile(path.join(dir, 'assets', 'page-def456.js.gz'), gzipSync(script));

    const compressed = await t.app.inject({
      method: 'GET',
      url: '/admin/assets/page-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(Number(compressed.headers['content-length'])).toBeLessThan(script.length);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/admin/assets/page-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("lets the page's own inline script run by its hash, on the page only, and follows a rebuild", async () => {
    const dir = t.config.staticDir;
    const scriptOf = (lang: string) => `document.documentElement.lang=${JSON.stringify(lang)}`;
    const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const scriptSource = (csp: unknown) =>
      String(csp)
        .split(';')
        .find((directive) => directive.startsWith('script-src'));
    await writeFile(path.join(dir, 'index.html'), `<!doctype html><script>${scriptOf('vi')}</script>`);

    const page = await t.app.inject({ method: 'GET', url: '/admin/login' });
    expect(scriptSource(page.headers['content-security-policy'])).toBe(
      `script-src 'self' ${hashOf(scriptOf('vi'))}`,
    );
    const call = await t.app.inject({ method: 'GET', url: '/get-version-build' });
    expect(scriptSource(call.headers['content-security-policy'])).toBe("script-src 'self'");

    // A rebuild while the server runs: the new page's script is named, the old one no longer.
    await writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html><script>${scriptOf('en')}</script><p>new</p>`,
    );
    const rebuilt = await t.app.inject({ method: 'GET', url: '/admin/home' });
    expect(scriptSource(rebuilt.headers['content-security-policy'])).toBe(
      `script-src 'self' ${hashOf(scriptOf('en'))}`,
    );
  });
});
