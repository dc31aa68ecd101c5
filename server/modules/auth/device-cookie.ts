import type { FastifyReply } from 'fastify';
import { AUTH_LIMITS } from '../../../domain/auth';
import { setAppCookie } from '../../plugins/cookies';

/** Sets the cookie of a device trusted after a second step (the mailed code or a passkey), for 30 days. */
export function setDeviceCookie(reply: FastifyReply, token: string): void {
  setAppCookie(reply, reply.server.cookiePolicy.device, token, {
    httpOnly: true,
    sameSite: 'lax',
    maxAgeSeconds: AUTH_LIMITS.trustedDeviceDays * 24 * 60 * 60,
  });
}
