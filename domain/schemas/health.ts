import { healthResponseSchema, readyResponseSchema } from '../health';
import type { CallSlice } from './common';

/**
 * The calls a load balancer makes (not calls of SPEC §7): whether the process answers, and whether it is
 * ready for traffic. `domain/schemas/calls.ts` merges the slices.
 */
export const healthCalls = {
  // A load balancer's probes (no SPEC call): they carry no session and tell nothing about the school.
  'GET /api/health': { roles: 'public', response: healthResponseSchema },
  'GET /api/ready': { roles: 'public', response: readyResponseSchema },
} as const satisfies CallSlice;
