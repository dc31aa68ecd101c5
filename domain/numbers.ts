import { LIMITS } from './limits';

/**
 * Rounds half away from zero to a number of decimals (SPEC §9: decimals shown to 2 places). Scores are
 * decimal numbers to users, so 1.005 must round to 1.01 even though its binary value is slightly below.
 */
export function roundTo(value: number, decimals: number = LIMITS.decimalPlaces): number {
  const factor = 10 ** decimals;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * factor * (1 + Number.EPSILON))) / factor;
  // Normalise -0 so a rounded tiny negative compares and prints as 0.
  return rounded === 0 ? 0 : rounded;
}

/** Whether a number has at most the given count of decimal places (as a user typed it, binary error aside). */
export function hasAtMostDecimals(value: number, decimals: number = LIMITS.decimalPlaces): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}
