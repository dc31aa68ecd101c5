import { appendFile } from 'node:fs/promises';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Where browsers report what the policy blocked (`report-uri`); a plain route, not a call of SPEC §7. */
export const CSP_REPORT_PATH = '/api/csp-report';
const REPORT_MAX_BYTES = 16 * 1024;

/**
 * The Content Security Policy of every answer. The built app loads only its own files: module scripts and
 * styles from `/admin/assets`, its worker and service worker, images it serves (avatars) or makes in the page
 * (`blob:`, `data:` previews), and its own calls and socket (`'self'` covers `ws:`/`wss:` of the same host).
 * No inline script and no eval anywhere (zod runs jitless in the browser: src/zod-jitless.ts); nothing may
 * frame the app.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    // Radix's dialogs lock scrolling with a <style> element of measured widths (react-remove-scroll), which no
    // hash can name: style elements may be inline, style attributes and every script may not.
    'style-src-elem': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': https ? [] : null,
    'report-uri': [CSP_REPORT_PATH],
  };
}

/**
 * A policy that also runs the inline scripts of the given SHA-256 hashes (base64): the built index.html has one,
 * which picks the sign-in page's language before the first paint. Each is named by its hash, so no other inline
 * script runs.
 */
export function allowInlineScripts(policy: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return policy;
  const sources = hashes.map((hash) => ` 'sha256-${hash}'`).join('');
  return policy.replace(/(^|;)(\s*script-src [^;]*)/, (_match, start: string, directive: string) => {
    return `${start}${directive}${sources}`;
  });
}

/**
 * Security headers on every answer (helmet): the CSP above, `nosniff`, no framing, no referrer beyond the
 * app's own origin, cross-origin isolation of windows and resources, and HSTS when the app is public over
 * https (never on plain http, where a browser would ignore it and a local start must stay reachable).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string | undefined; cspReportFile?: string },
): Promise<void> {
  const https = options.publicUrl !== undefined && new URL(options.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  await app.register(async (scope) => {
    // The reports' own media types are read here only, in this route's scope.
    scope.addContentTypeParser(
      ['application/csp-report', 'application/reports+json'],
      { parseAs: 'string', bodyLimit: REPORT_MAX_BYTES },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(null, undefined);
        }
      },
    );
    // A browser reports without the CSRF header (the CSRF hook lets this path through); the report changes
    // nothing but the log, and the test run's list of violations when one is kept (CSP_REPORT_FILE).
    scope.post(CSP_REPORT_PATH, { bodyLimit: REPORT_MAX_BYTES }, async (request, reply) => {
      request.log.warn({ cspReport: request.body }, 'content security policy violation');
      if (options.cspReportFile) await appendFile(options.cspReportFile, `${JSON.stringify(request.body)}\n`);
      return reply.code(204).send();
    });
  });
}
