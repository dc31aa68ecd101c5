import { SOCKET_CLOSE_SESSION_ENDED, type SocketMessage, socketMessageSchema } from '../../domain/sync';
import { createBackoff } from './backoff';

/** The socket features the change feed uses, so tests can pass a fake. */
export type SocketLike = {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};

export type ChangeSocketOptions = {
  url: string;
  /**
   * Called with true when the server greets the socket and false when it closes: this is the app's online
   * flag. The server greets only once the socket is subscribed to the change feed, so a pull started on this
   * call and the notices after it together miss no commit; counting from the socket's `open` did (a commit
   * between the open and the subscription reached neither).
   */
  onConnection(connected: boolean): void;
  onMessage(message: SocketMessage): void;
  /** The server closed the socket because its session ended (sign-out elsewhere, block, expiry…). */
  onSessionEnded?(): void;
  createSocket?: (url: string) => SocketLike;
  minDelayMs?: number;
  maxDelayMs?: number;
};

/** A live `/ws` connection. */
export type ChangeSocket = {
  /** Reconnects now if the socket is down (the network came back). */
  wake(): void;
  /**
   * Drops the current socket because the browser reports the network gone: a socket may otherwise look
   * open for a long while after the network went, and the app would count itself online. It reconnects
   * with the usual backoff (and at once on `wake`).
   */
  drop(): void;
  close(): void;
};

/**
 * Holds the `/ws` connectivity channel open, reconnecting with a growing delay. Messages that do not match
 * the domain schema are ignored.
 */
export function connectChangeSocket(options: ChangeSocketOptions): ChangeSocket {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const backoff = createBackoff(options.minDelayMs ?? 1000, options.maxDelayMs ?? 30_000);
  let socket: SocketLike | null = null;
  let connected = false;
  let closed = false;

  function setConnected(next: boolean) {
    if (connected === next) return;
    connected = next;
    options.onConnection(next);
  }

  function open() {
    if (closed) return;
    const current = createSocket(options.url);
    socket = current;
    current.onopen = () => backoff.reset();
    current.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const message = socketMessageSchema.safeParse(data);
      if (!message.success) return;
      if (message.data.type === 'hello') setConnected(true);
      options.onMessage(message.data);
    };
    current.onerror = () => current.close();
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      setConnected(false);
      if (event.code === SOCKET_CLOSE_SESSION_ENDED) options.onSessionEnded?.();
      if (!closed) backoff.wait().then(open);
    };
  }

  open();

  return {
    wake() {
      if (connected) return;
      // A pending reconnect wait ends now and opens the next socket.
      backoff.wake();
    },
    drop() {
      const current = socket;
      if (!current) return;
      // Without a network the closing handshake may never finish, so the socket is let go at once.
      socket = null;
      current.onclose = null;
      current.close();
      setConnected(false);
      backoff.wait().then(open);
    },
    close() {
      closed = true;
      backoff.wake();
      socket?.close();
      socket = null;
      setConnected(false);
    },
  };
}
