import { type StandInServer, startStandIn } from '../../../server/testing/stand-in-server';
import { codingServicePort } from './servers';

/**
 * Starts the stand-in coding-practice service the worker's e2e server fetches rankings from, on the port its
 * `CODING_SERVICE_URL` names (playwright.config.ts); the server's ranking job asks it every 2 s.
 */
export function startCodingService(): Promise<StandInServer> {
  return startStandIn(codingServicePort());
}
