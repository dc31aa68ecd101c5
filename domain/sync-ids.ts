/**
 * Document ids of rows with a natural key (ARCHITECTURE §3): the same key always gives the same UUID on every
 * client and the server, so two teachers who mark the same student offline write the same row, never two.
 * The UUID is two 64-bit FNV-1a hashes of the key (version nibble 8, RFC 9562 "custom"); the server checks a
 * pushed new row's id against its key, so nobody can pick an id for somebody else's key.
 */
export function naturalId(...parts: readonly string[]): string {
  const key = parts.join('|');
  const hex = fnv1a64(key, 0xcbf29ce484222325n) + fnv1a64(key, 0x84222325cbf29ce4n);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

function fnv1a64(text: string, offset: bigint): string {
  let hash = offset;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}

/** The id of the attendance of a class student at a schedule. */
export function attendanceId(classStudentId: string, scheduleId: string): string {
  return naturalId('attendance', classStudentId, scheduleId);
}

/** The id of the score of a subject enrolment for a score name. */
export function achievementId(subjectStudentId: string, scoreNameId: string): string {
  return naturalId('achievement', subjectStudentId, scoreNameId);
}

/** The id of the result (final score and its comment) of a subject enrolment. */
export function resultId(subjectStudentId: string): string {
  return naturalId('result', subjectStudentId);
}

/**
 * The id of the plan of a schedule (one plan per sitting): a plan drafted offline on two devices, or drafted
 * offline and created online, is one row.
 */
export function planIdOf(scheduleId: string): string {
  return naturalId('plan', scheduleId);
}
