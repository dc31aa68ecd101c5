/**
 * What each editable tab of the subject screen is given: the subject, whether the reader may change it
 * (its teachers and admins), and the screen's toast.
 */
export type SubjectTabProps = {
  subjectId: string;
  canEdit: boolean;
  notify: (text: string, ok: boolean) => void;
};
