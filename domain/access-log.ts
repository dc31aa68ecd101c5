/**
 * The kinds of read the access log records (docs/access-log.md): what a staff member, a guardian or the
 * server's own job did with a student's record. Codes, worded by the app.
 */
export const AccessKind = {
  /** A student's screen (profile) opened by staff. */
  studentScreen: 'student_screen',
  /** A student's attendance and achievement across subjects. */
  studentRecord: 'student_record',
  /** A class sheet (attendance or achievement) opened through a call. */
  classSheet: 'class_sheet',
  /** A report or sub-score table that lists students by name. */
  report: 'report',
  /** A device pulled a class's records (one entry per class and pull). */
  syncPull: 'sync_pull',
  /** A student's request read by staff. */
  request: 'request',
  /** The whole record downloaded (the data export). */
  recordExport: 'record_export',
  /** The erasure job replaced a student's identity. */
  erasure: 'erasure',
} as const;

export type AccessKind = (typeof AccessKind)[keyof typeof AccessKind];
