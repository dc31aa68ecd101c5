/**
 * The tabs of the subject screen; the chosen one is in the URL (`tab`), so back returns to it. Apart from the
 * screen: the route's search schema is part of the app's first script, and must not pull the screen in.
 */
export const SUBJECT_TABS = [
  'classes',
  'lessons',
  'drafts',
  'exams',
  'notes',
  'highlights',
  'assist',
  'formula',
  'students',
  'edit',
] as const;
export type SubjectTab = (typeof SUBJECT_TABS)[number];
