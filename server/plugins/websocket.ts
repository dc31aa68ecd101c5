import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { SocketMessage } from '../../domain/sync';
import { readBuildId } from '../build-info';
import { forbidden, unauthenticated } from '../http-error';
import type { ChangeFeed } from '../sync/change-feed';
import { signedInUser } from './session';

const HEARTBEAT_MS = 30_000;
const MAX_MESSAGE_BYTES = 16 * 1024;

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
  deps: { feed: ChangeFeed; staticDir: string; publicUrl: string | undefined },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  const ownOriginOnly: onRequestHookHandler = async (request) => {
    if (!fromOwnOrigin(request, deps.publicUrl)) throw forbidden();
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
      socket.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
      void readBuildId(deps.staticDir).then((build) => send({ type: 'hello', build }));
    },
  );
}
