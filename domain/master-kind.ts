// Apart from the master codes in `master.ts`: the master-setting route's search reads the tab list in the app's
// first script (the sign-in page's), which needs none of the rest.

/**
 * The master kinds of SPEC §3, one word each. `subjectNames` is the master list the SPEC's master-setting
 * screen calls "subjects" (payload id `subject_name_id`).
 */
export const MasterKind = {
  yearCodes: 'yearCodes',
  universities: 'universities',
  classNames: 'classNames',
  examNames: 'examNames',
  rooms: 'rooms',
  subjectNames: 'subjectNames',
  faculties: 'faculties',
  semesters: 'semesters',
} as const;

export type MasterKind = (typeof MasterKind)[keyof typeof MasterKind];

/** The seven tabs of the master-setting screen, in SPEC §2 order; the tab number is the index + 1. */
export const MASTER_SETTING_TABS = [
  MasterKind.yearCodes,
  MasterKind.universities,
  MasterKind.classNames,
  MasterKind.examNames,
  MasterKind.rooms,
  MasterKind.subjectNames,
  MasterKind.faculties,
] as const;

export type MasterSettingTab = (typeof MASTER_SETTING_TABS)[number];

/** The default master-setting tab (SPEC §2: "default 1"). */
export const DEFAULT_MASTER_SETTING_TAB = 1;
