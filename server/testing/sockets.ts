import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { type SocketMessage, socketMessageSchema } from '../../domain/sync';
import type { TestSession } from './test-app';

/** Opens a socket and collects its messages from the first frame on. */
export async function openSocket(app: FastifyInstance, session: TestSession | undefined) {
  const messages: SocketMessage[] = [];
  const waiters: Array<() => void> = [];
  let closeCode: number | undefined;
  const socket: WebSocket = await app.injectWS('/ws', session ? { headers: session.headers() } : {}, {
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
  });
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
