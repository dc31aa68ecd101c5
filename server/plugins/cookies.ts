import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CSRF_COOKIE, DEVICE_COOKIE, SESSION_COOKIE, secureCookieName } from '../../domain/auth';

/**
 * How this deployment's cookies are set. Behind https (the public URL says so, whatever a proxy in front
 * forwards) every cookie is `Secure` and named with the `__Host-` prefix, which a browser accepts only from a
 * secure origin, for the whole host, with no Domain: a neighbouring subdomain cannot plant or shadow it.
 */
export interface CookiePolicy {
  secure: boolean;
  session: string;
  csrf: string;
  device: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    cookiePolicy: CookiePolicy;
  }
}

export function cookiePolicyFor(publicUrl: string | undefined): CookiePolicy {
  const secure = publicUrl !== undefined && new URL(publicUrl).protocol === 'https:';
  const named = (base: string) => (secure ? secureCookieName(base) : base);
  return { secure, session: named(SESSION_COOKIE), csrf: named(CSRF_COOKIE), device: named(DEVICE_COOKIE) };
}

/** Cookie parsing, and the policy every cookie of the app is set by. */
export async function registerCookies(app: FastifyInstance, publicUrl: string | undefined): Promise<void> {
  await app.register(cookie);
  app.decorate('cookiePolicy', cookiePolicyFor(publicUrl));
}

/** Sets one of the app's cookies for the whole host, Secure when the policy says so. */
export function setAppCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: { httpOnly: boolean; sameSite: 'lax' | 'strict'; maxAgeSeconds?: number },
): void {
  reply.setCookie(name, value, {
    httpOnly: options.httpOnly,
    sameSite: options.sameSite,
    path: '/',
    secure: reply.server.cookiePolicy.secure,
    ...(options.maxAgeSeconds === undefined ? {} : { maxAge: options.maxAgeSeconds }),
  });
}

/** Removes one of the app's cookies (same attributes as it was set with, or the browser keeps it). */
export function clearAppCookie(
  reply: FastifyReply,
  name: string,
  options: { httpOnly: boolean; sameSite: 'lax' | 'strict' },
): void {
  reply.clearCookie(name, {
    httpOnly: options.httpOnly,
    sameSite: options.sameSite,
    path: '/',
    secure: reply.server.cookiePolicy.secure,
  });
}
