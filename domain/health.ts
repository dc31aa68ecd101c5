import { z } from 'zod';

/**
 * Why `GET /api/ready` answers 503: a load balancer's reason to send no traffic here. Read by operators and
 * their tools, never shown to a user.
 */
export const ReadinessCode = {
  /** The database did not answer a short query (closed, unreachable, or refusing it). */
  databaseUnreachable: 'database_unreachable',
  /** The database did not answer the short query in time (busy, or the network to it is down). */
  databaseTimeout: 'database_timeout',
  /** The database lacks migrations this build ships (another instance is migrating, or it failed to). */
  migrationsPending: 'migrations_pending',
} as const;

export type ReadinessCode = (typeof ReadinessCode)[keyof typeof ReadinessCode];

/** `GET /api/health`: the process answers. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/** `GET /api/ready`: the database answers and holds every migration of this build. */
export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  /** Migrations applied, of those this build ships (all of them, when ready). */
  migrations: z.number().int().nonnegative(),
});
