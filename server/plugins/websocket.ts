import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { SocketMessage } from '../../domain/sync';
import { readBuildId } from '../build-info';
import type { Database } from '../db/client';
import type { ChangeFeed } from '../sync/change-feed';
import { sessionOfRequest } from './session';

/** Close code for a socket opened without a valid session (browsers cannot read an upgrade's HTTP status). */
export const WS_CLOSE_UNAUTHENTICATED = 4401;

const HEARTBEAT_MS = 30_000;
const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * `/ws`: the connectivity channel and change feed. Signed-in sockets get `{type:'hello', build}` and then
 * `{type:'changed', collections}` after every commit that concerns their user. The hello is sent only once
 * the socket is subscribed: clients count themselves online and pull from it, so no commit falls between.
 */
export async function registerWebsocket(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date; feed: ChangeFeed; staticDir: string },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  app.get('/ws', { websocket: true }, (socket, request) => {
    let unsubscribe: (() => void) | undefined;
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
    socket.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe?.();
    });

    const send = (message: SocketMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };

    void (async () => {
      const session = await sessionOfRequest(deps.db, request, deps.now()).catch((error: unknown) => {
        request.log.error({ err: error }, 'socket session lookup failed');
        return null;
      });
      if (socket.readyState !== socket.OPEN) return;
      if (!session?.otpVerified || session.user.mustChangePassword) {
        socket.close(WS_CLOSE_UNAUTHENTICATED, 'unauthenticated');
        return;
      }
      unsubscribe = deps.feed.subscribe(session.user.id, send);
      send({ type: 'hello', build: await readBuildId(deps.staticDir) });
    })();
  });
}
