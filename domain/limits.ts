/** Business constants and limits of SPEC §9 that this slice uses; one place for each number. */
export const LIMITS = {
  toastMs: 4000,
  syncRequestTimeoutMs: 10_000,
  chunkLoadTimeoutMs: 120_000,
  otpResendSeconds: 60,
  trustedDeviceDays: 30,
  maxJsonBodyBytes: 1_048_576,

  // Dashboard stickies (SPEC §2, §9).
  stickiesPerPageWide: 6,
  stickiesPerPage: 4,
  stickiesPerPageMobile: 1,
  stickyWideBreakpointPx: 1920,
  /** `numberSticky` sent with `GET /api/sticky`. */
  numberSticky: 4,
  stickyTextMaxLines: 3,
  contentOverflowPx: 65,
  memoSeeMorePx: 76,
  studentHighlightExpandPx: 144,

  // Layout (SPEC §2).
  sideMenuExpandedPx: 200,
  sideMenuCollapsedPx: 80,
  sideMenuMobilePx: 0,
  notificationPopoverPx: 320,

  // Timing (SPEC §9).
  cacheBatchSize: 5,
  copyLessonBatchSize: 10,
  formulaDebounceMs: 200,
  fullLoadWaitMs: 3000,
  timePickerStepMinutes: 5,
  decimalPlaces: 2,

  // Validation (SPEC §5).
  avatarMaxBytes: 4 * 1024 * 1024,
  nameKanaMaxLength: 127,
  noteMaxLength: 3000,
  tableOfContentsMaxLength: 50,
  overviewMaxLength: 300,
  requestContentMaxLength: 500,
  lessonMinutesMax: 300,
  /** SPEC §5 says "within a maximum" without a number: a student cannot be later than the longest lesson. */
  lateMinutesMax: 300,
  countMaxDigits: 10,
  phoneMinDigits: 10,
  phoneMaxDigits: 15,
  importMaxStudents: 50,
  importMaxColumns: 30,
  // A 50 × 30 score sheet is a few tens of kilobytes as xlsx: anything far bigger is not one. The zip is
  // checked against these before anything is unpacked (SPEC §5 achievement import).
  /** Largest xlsx upload. */
  importMaxBytes: 1024 * 1024,
  /** Most files inside the xlsx zip (a workbook has about ten). */
  importMaxZipEntries: 64,
  /** Most bytes the xlsx may unpack to, all files together. */
  importMaxUnpackedBytes: 16 * 1024 * 1024,
  /** Highest unpacked-to-packed ratio of one zip entry (XML compresses about 10:1; zip bombs 1000:1). */
  importMaxCompressionRatio: 100,

  // Chosen where SPEC §5 says "other client-side limits: not shown": what a user of such a screen expects,
  // one number each so the forms and the server cannot drift apart.
  /** Names of people, lessons, highlights and events; the length master names already use. */
  nameMaxLength: 255,
  /** Sittings one absence notice names: more than a school day holds, so a day's notice is never cut. */
  absenceNoticeSittingsMax: 20,
  /** Comments on attendance and scores, absence reasons and messages to students. */
  commentMaxLength: 1000,
  /** The free-text `param` of a search. */
  searchParamMaxLength: 255,
  /** Largest `limit` of a paged search. */
  pageLimitMax: 100,
  /** Default `limit` of a paged search. */
  pageLimitDefault: 10,
  /** Rows of one bulk student add; bulk adds come from a class list, never from the whole school. */
  bulkStudentsMax: 200,
  /** Links (plan links, contact links, event links). */
  urlMaxLength: 2048,
  /** Text of a final-score formula. */
  formulaMaxLength: 1000,
} as const;
