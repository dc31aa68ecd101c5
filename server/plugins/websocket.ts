import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { SOCKET_CLOSE_SESSION_ENDED, type SocketMessage } from '../../domain/sync';
import { readBuildId } from '../build-info';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { ChangeAudience, ChangeFeed } from '../feed/change-feed';
import { forbidden, unauthenticated } from '../http-error';
import { signedInUser } from './session';
import { DEFAULT_SESSION_LIFETIME_MS, liveSessionIds } from './session-store';

const HEARTBEAT_MS = 30_000;
const MAX_MESSAGE_BYTES = 16 * 1024;
const SESSION_CHECK_MS = 5000;

/** One open socket as the session check sees it. */
interface SessionSocket {
  userId: string;
  sessionId: string;
  end(): void;
}

/**
 * This instance's sockets by session, and the check that closes those whose session ended. It runs when an
 * ending is announced (any instance's sign-out, password change, revoked session, or change of accounts)
 * and every `everyMs` (absolute and idle expiry, and endings announced while this instance did not hear).
 * It asks the shared database, so it holds on one instance as on many. Checks never overlap: one asked
 * while another runs waits for it and then covers every socket.
 */
function createSessionSockets(deps: {
  db: Database;
  now: () => Date;
  lifetimeMs: number;
  everyMs: number;
  onError: (error: unknown) => void;
}) {
  const sockets = new Set<SessionSocket>();
  let running: Promise<void> | null = null;
  let again: ChangeAudience | null = null;

  const checkOnce = async (audience: ChangeAudience) => {
    const users = audience === 'all' ? null : new Set(audience);
    const asked = [...sockets].filter((socket) => !users || users.has(socket.userId));
    if (asked.length === 0) return;
    const live = await liveSessionIds(
      deps.db,
      asked.map((socket) => socket.sessionId),
      deps.now(),
      deps.lifetimeMs,
    );
    for (const socket of asked) if (!live.has(socket.sessionId)) socket.end();
  };

  const check = (audience: ChangeAudience): Promise<void> => {
    if (running) {
      again = again === null ? audience : 'all';
      return running;
    }
    running = checkOnce(audience)
      .catch(deps.onError)
      .finally(() => {
        running = null;
        const next = again;
        again = null;
        if (next !== null) void check(next);
      });
    return running;
  };

  const timer = setInterval(() => void check('all'), deps.everyMs);
  timer.unref();

  return {
    add(socket: SessionSocket): () => void {
      sockets.add(socket);
      return () => sockets.delete(socket);
    },
    check,
    stop: () => clearInterval(timer),
  };
}

/**
 * Whether an upgrade comes from the app's own pages: a browser always sends the page's Origin with a socket,
 * and a page of another site (cross-site socket hijacking, which cookies alone would let through) has another.
 * The app's origin is its public URL's, or the host the request was made to (a start on 127.0.0.1).
 */
export function fromOwnOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (publicUrl && origin === new URL(publicUrl).origin) return true;
  return origin === `${request.protocol}://${request.headers.host}`;
}

/**
 * `/ws`: the connectivity channel and change feed. Only a signed-in, verified session from the app's own
 * origin is upgraded; anyone else is answered 401 or 403 before the upgrade. Sockets get
 * `{type:'hello', build}` and then `{type:'changed', collections}` after every commit that concerns their
 * user. The hello is sent only once the socket is subscribed: clients count themselves online and pull from
 * it, so no commit falls between.
 */
export async function registerWebsocket(
  app: FastifyInstance,
  deps: {
    feed: ChangeFeed;
    db: Database;
    now: () => Date;
    config: Pick<AppConfig, 'staticDir' | 'publicUrl' | 'sessionLifetimeMs' | 'socketSessionCheckMs'>;
  },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  const { staticDir, publicUrl } = deps.config;
  const sessionSockets = createSessionSockets({
    db: deps.db,
    now: deps.now,
    lifetimeMs: deps.config.sessionLifetimeMs ?? DEFAULT_SESSION_LIFETIME_MS,
    everyMs: deps.config.socketSessionCheckMs ?? SESSION_CHECK_MS,
    onError: (error) => app.log.error({ err: error }, 'socket session check failed'),
  });
  deps.feed.onSessionsMayHaveEnded((audience) => void sessionSockets.check(audience));
  app.addHook('onClose', async () => sessionSockets.stop());

  const ownOriginOnly: onRequestHookHandler = async (request) => {
    if (!fromOwnOrigin(request, publicUrl)) throw forbidden();
  };
  // The same line as every school-data call: the password step alone, or a forced change pending, opens
  // nothing.
  const verifiedOnly: onRequestHookHandler = async (request) => {
    if (!request.sessionState?.otpVerified || signedInUser(request).mustChangePassword)
      throw unauthenticated();
  };

  app.get(
    '/ws',
    { websocket: true, onRequest: [ownOriginOnly, app.requireUser, verifiedOnly] },
    (socket, request) => {
      const user = signedInUser(request);
      const sessionId = request.sessionId;
      if (!sessionId) {
        socket.close();
        return;
      }
      let alive = true;
      // A socket whose peer stopped answering pings is ended so its user counts as offline.
      const heartbeat = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      socket.on('pong', () => {
        alive = true;
      });
      const send = (message: SocketMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const unsubscribe = deps.feed.subscribe(user.id, send);
      // The code tells the client the session is over, not the network: it asks the server at once (and
      // learns it must sign in again) instead of reconnecting as if offline.
      const forget = sessionSockets.add({
        userId: user.id,
        sessionId,
        end: () => socket.close(SOCKET_CLOSE_SESSION_ENDED, 'session_ended'),
      });
      socket.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        forget();
      });
      void readBuildId(staticDir).then((build) => send({ type: 'hello', build }));
    },
  );
}
