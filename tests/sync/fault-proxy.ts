import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does to one request. */
export type Fault = 'pass' | 'dropBefore' | 'dropAfter' | 'delay' | 'error503' | 'cut';

/** A proxy on loopback in front of the real app that applies a fixed plan of faults, one per request. */
export interface FaultProxy {
  url: string;
  /** Replaces the plan; requests take faults from it in turn, then pass. */
  setPlan(plan: readonly Fault[]): void;
  /** How many requests met each fault. */
  counts: Record<Fault, number>;
  close(): Promise<void>;
}

/**
 * Starts the proxy. `dropBefore` ends the connection without forwarding; `dropAfter` forwards, lets the app
 * commit and answer, then ends the connection without the answer; `cut` sends the status and half the body;
 * `error503` answers like an overloaded gateway; `delay` forwards after a short wait.
 */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let plan: readonly Fault[] = [];
  let next = 0;
  const counts: Record<Fault, number> = {
    pass: 0,
    dropBefore: 0,
    dropAfter: 0,
    delay: 0,
    error503: 0,
    cut: 0,
  };

  const server = http.createServer((request, response) => {
    const fault = plan[next] ?? 'pass';
    next += 1;
    counts[fault] += 1;
    if (fault === 'dropBefore') {
      request.socket.destroy();
      return;
    }
    if (fault === 'error503') {
      request.resume();
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Service Unavailable', code: 'unavailable' }));
      return;
    }
    const forward = () => {
      const outgoing = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            if (fault === 'dropAfter') {
              request.socket.destroy();
              return;
            }
            const body = Buffer.concat(chunks);
            if (fault === 'cut') {
              response.writeHead(answer.statusCode ?? 502, {
                ...answer.headers,
                'content-length': body.length,
              });
              response.write(body.subarray(0, Math.floor(body.length / 2)));
              request.socket.destroy();
              return;
            }
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            response.end(body);
          });
        },
      );
      outgoing.on('error', () => request.socket.destroy());
      request.pipe(outgoing);
    };
    if (fault === 'delay') setTimeout(forward, 30);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setPlan(nextPlan) {
      plan = nextPlan;
      next = 0;
    },
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
