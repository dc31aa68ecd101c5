import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { type SocketMessage, socketMessageSchema } from '../../domain/sync';
import type { TestSession } from './test-app';

/**
 * Opens a socket and collects its messages from the first frame on. It comes from the app's own origin (its
 * public URL), as the app's pages do, unless another is given.
 */
export async function openSocket(
  app: FastifyInstance,
  session: TestSession | undefined,
  options: { origin?: string } = {},
) {
  const origin = options.origin ?? new URL(app.appDeps.config.publicUrl ?? 'http://localhost').origin;
  const messages: SocketMessage[] = [];
  const waiters: Array<() => void> = [];
  let closeCode: number | undefined;
  const headers = { origin, ...(session ? session.headers() : {}) };
  const socket: WebSocket = await app.injectWS(
    '/ws',
    { headers },
    {
      onInit(ws) {
        ws.on('message', (data) => {
          messages.push(socketMessageSchema.parse(JSON.parse(data.toString())));
          for (const wake of waiters.splice(0)) wake();
        });
        ws.on('close', (code) => {
          closeCode = code;
          for (const wake of waiters.splice(0)) wake();
        });
      },
    },
  );
  const until = async (condition: () => boolean) => {
    while (!condition()) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('socket waited too long')), 5000);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return { socket, messages, until, closeCode: () => closeCode };
}
