import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stand-in answers one request; a test swaps it between steps. */
export type StandInHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** A small HTTP server on loopback standing in for an outside service (never the internet, never a mock of ours). */
export interface StandInServer {
  /** Its origin with a trailing slash, `http://127.0.0.1:<port>/`. */
  url: string;
  /** What it was asked, in order: the path and the authorization header. */
  requests: { url: string; authorization: string | undefined }[];
  /** Answers from now on with `handler`. */
  answer(handler: StandInHandler): void;
  close(): Promise<void>;
}

/** A handler answering JSON (or any text, sent as is) with a status. */
export function jsonAnswer(status: number, body: unknown): StandInHandler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

/** Starts a stand-in on a loopback port (a free one by default); until told otherwise it answers 404. */
export async function startStandIn(port = 0): Promise<StandInServer> {
  let handler: StandInHandler = jsonAnswer(404, {});
  const requests: StandInServer['requests'] = [];
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', authorization: request.headers.authorization });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    answer(next) {
      handler = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
