import { type StandInServer, startStandIn } from '../../../server/testing/stand-in-server';

/**
 * Port of the stand-in coding-practice service: beside E2E_PORT, as the e2e server's `CODING_SERVICE_URL`
 * names it (playwright.config.ts); the server's ranking job asks it every 2 s.
 */
export function codingServicePort(): number {
  return Number(process.env.E2E_PORT ?? 3100) + 21_000;
}

/** Starts the stand-in coding-practice service the e2e server fetches rankings from. */
export function startCodingService(): Promise<StandInServer> {
  return startStandIn(codingServicePort());
}
