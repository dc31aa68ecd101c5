import { healthResponseSchema, readyResponseSchema } from '../health';
import type { CallSlice } from './common';

/**
 * The calls a load balancer makes (not calls of SPEC §7): whether the process answers, and whether it is
 * ready for traffic. `domain/schemas/calls.ts` merges the slices.
 */
export const healthCalls = {
  'GET /api/health': { response: healthResponseSchema },
  'GET /api/ready': { response: readyResponseSchema },
} as const satisfies CallSlice;
