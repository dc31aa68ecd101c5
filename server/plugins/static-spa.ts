import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '../../domain/errors';
import { HttpError, notFound } from '../http-error';
import { allowInlineScripts } from './security-headers';

/** Where the single-page app is served. */
export const SPA_BASE = '/admin/';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

// Files that name the current build: they must be revalidated every time or a client keeps an old build.
const ALWAYS_REVALIDATE = new Set([
  'index.html',
  'sw.js',
  'registerSW.js',
  'manifest.json',
  'manifest.webmanifest',
  'build.json',
]);

function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith('assets/')) return IMMUTABLE;
  if (ALWAYS_REVALIDATE.has(relativePath)) return NO_CACHE;
  return SHORT;
}

/** The SHA-256 (base64) of each inline script of a page, as a CSP names it. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    hashes.push(
      createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64'),
    );
  }
  return hashes;
}

/**
 * The inline-script hashes of the built index.html, read again only when the file changes (a rebuild while
 * the server runs); null when there is no build.
 */
function indexScriptHashes(indexPath: string): () => Promise<string[] | null> {
  let cached: { mtimeMs: number; size: number; hashes: string[] } | null = null;
  return async () => {
    const found = await stat(indexPath).catch(() => null);
    if (!found?.isFile()) return null;
    const { mtimeMs, size } = found;
    if (cached?.mtimeMs === mtimeMs && cached.size === size) return cached.hashes;
    const hashes = inlineScriptHashes(await readFile(indexPath, 'utf8'));
    cached = { mtimeMs, size, hashes };
    return hashes;
  };
}

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

/** Resolves a URL path inside the build folder; undefined when it would leave the folder. */
function insideRoot(root: string, relativePath: string): string | undefined {
  const resolved = path.resolve(root, relativePath);
  return resolved.startsWith(root + path.sep) ? resolved : undefined;
}

/**
 * Serves the built SPA under `/admin/` with history fallback: a path that is not a file answers index.html,
 * so deep links work on reload. Without a build, `/admin/` answers 503 saying how to make one.
 */
export async function registerStaticSpa(app: FastifyInstance, options: { staticDir: string }): Promise<void> {
  const root = path.resolve(options.staticDir);
  // The build writes .br and .gz twins of scripts and styles (vite.config.ts); they are sent when accepted.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const sendBuildFile = (reply: FastifyReply, relativePath: string) =>
    reply.header('cache-control', cacheControlFor(relativePath)).sendFile(relativePath, root, {
      cacheControl: false,
    });

  const indexPath = path.join(root, 'index.html');
  const scriptHashes = indexScriptHashes(indexPath);
  const sendIndex = async (reply: FastifyReply) => {
    const hashes = await scriptHashes();
    if (!hashes) {
      throw new HttpError(503, {
        message: `The web app is not built: run \`npm run build\` (looked for ${indexPath}).`,
        code: 'app_not_built',
      });
    }
    // The page's own inline script (the sign-in page's first paint, src/app/prerendered-sign-in.ts) runs by
    // its hash; every other answer keeps the policy without it.
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header('content-security-policy', allowInlineScripts(policy, hashes));
    }
    return sendBuildFile(reply, 'index.html');
  };

  routes.get('/', (_request, reply) => reply.redirect(SPA_BASE));
  routes.get('/admin', (_request, reply) => reply.redirect(SPA_BASE));

  // `GET /admin/manifest.json` is in the call table, but its answer is the built file itself, streamed as it
  // is: not a JSON answer `registerCall` could check against the table's schema.
  routes.get('/admin/manifest.json', async (_request, reply) => {
    if (!(await isFile(path.join(root, 'manifest.json')))) throw notFound();
    return sendBuildFile(reply, 'manifest.json');
  });

  routes.get('/admin/*', { schema: { params: z.object({ '*': z.string() }) } }, async (request, reply) => {
    const relativePath = request.params['*'];
    if (relativePath === '' || relativePath === 'index.html') return sendIndex(reply);
    const filePath = insideRoot(root, relativePath);
    if (filePath && (await isFile(filePath))) return sendBuildFile(reply, relativePath);
    // A missing hashed asset must fail loudly: answering index.html would break the chunk loader obscurely.
    if (relativePath.startsWith('assets/')) {
      return reply.code(404).send({ message: 'Not Found', code: ErrorCode.notFound });
    }
    return sendIndex(reply);
  });
}
