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

describe('change socket', () => {
  it('counts itself offline at once when the browser reports the network gone, and reconnects on wake', async () => {
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const states: boolean[] = [];
    const socket = connectChangeSocket({
      url: 'ws://test/ws',
      createSocket: () => {
        const created = fakeSocket();
        sockets.push(created);
        return created;
      },
      onConnection: (connected) => states.push(connected),
      onMessage: () => undefined,
      minDelayMs: 60_000,
      maxDelayMs: 60_000,
    });
    sockets[0]?.onopen?.(new Event('open'));
    expect(states).toEqual([true]);

    socket.drop();
    expect(states).toEqual([true, false]);
    expect(sockets[0]?.closed).toBe(true);

    socket.wake();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sockets).toHaveLength(2);
    sockets[1]?.onopen?.(new Event('open'));
    expect(states).toEqual([true, false, true]);
    socket.close();
  });
});
