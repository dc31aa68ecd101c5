import { describe, expect, it } from 'vitest';
import { connectChangeSocket, type SocketLike } from './change-socket';

function fakeSocket(): SocketLike & { closed: boolean } {
  return {
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
    closed: false,
    close() {
      this.closed = true;
    },
  };
}

function greet(socket: SocketLike | undefined) {
  socket?.onopen?.(new Event('open'));
  socket?.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ type: 'hello', build: 'b1' }) }));
}

/** A change socket over fake sockets, with every socket it opened, connection state and message type. */
function connectFake(delays: { minDelayMs?: number; maxDelayMs?: number } = {}) {
  const sockets: ReturnType<typeof fakeSocket>[] = [];
  const states: boolean[] = [];
  const messages: string[] = [];
  const socket = connectChangeSocket({
    url: 'ws://test/ws',
    createSocket: () => {
      const created = fakeSocket();
      sockets.push(created);
      return created;
    },
    onConnection: (connected) => states.push(connected),
    onMessage: (message) => messages.push(message.type),
    ...delays,
  });
  return { socket, sockets, states, messages };
}

describe('change socket', () => {
  it('counts itself connected only once the server greets it, not when the socket opens', () => {
    const { socket, sockets, states, messages } = connectFake();
    sockets[0]?.onopen?.(new Event('open'));
    expect(states).toEqual([]);
    greet(sockets[0]);
    expect(states).toEqual([true]);
    expect(messages).toEqual(['hello']);
    socket.close();
  });

  it('counts itself offline at once when the browser reports the network gone, and reconnects on wake', async () => {
    const { socket, sockets, states } = connectFake({ minDelayMs: 60_000, maxDelayMs: 60_000 });
    greet(sockets[0]);
    expect(states).toEqual([true]);

    socket.drop();
    expect(states).toEqual([true, false]);
    expect(sockets[0]?.closed).toBe(true);

    socket.wake();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sockets).toHaveLength(2);
    greet(sockets[1]);
    expect(states).toEqual([true, false, true]);
    socket.close();
  });
});
