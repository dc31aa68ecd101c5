/**
 * One labelling rule for every filter and picker whose choices share names (issue 42): year codes repeat
 * across faculties and universities ("2025A"), class names across subjects ("A組"), people's names across
 * people ("林 葵"). A choice whose name is unique in its list shows the name alone; where names repeat, each
 * of those choices adds its first detail that tells them apart (the faculty, the subject, the student number
 * or e-mail), and more details while some still read the same.
 */

/** A choice before labelling: its value, its name, and the details that may tell it apart, most telling first. */
export type NamedChoice = {
  value: string;
  name: string;
  details: readonly (string | null | undefined)[];
};

/** A labelled choice, as a select or a list of check boxes offers it. */
export type DistinctOption = { value: string; label: string };

const SEPARATOR = ' · ';

/**
 * Labels the choices so that no two read the same where their details can tell them apart: names that are
 * unique stay bare, repeated names take details one at a time until their labels differ. Order is kept.
 */
export function distinctOptions(choices: readonly NamedChoice[]): DistinctOption[] {
  const labels = choices.map((choice) => choice.name);
  const maxDetails = Math.max(0, ...choices.map((choice) => choice.details.length));
  for (let depth = 0; depth < maxDetails && !repeatsNone(labels); depth += 1) {
    const counts = countOf(labels);
    choices.forEach((choice, index) => {
      const label = labels[index] ?? choice.name;
      if ((counts.get(label) ?? 0) < 2) return;
      const detail = choice.details[depth]?.trim();
      if (detail) labels[index] = `${label}${SEPARATOR}${detail}`;
    });
  }
  return choices.map((choice, index) => ({ value: choice.value, label: labels[index] ?? choice.name }));
}

function countOf(labels: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return counts;
}

function repeatsNone(labels: readonly string[]): boolean {
  return new Set(labels).size === labels.length;
}

/** Names by id, for the details that are other rows' names (a year code's faculty, a class's subject). */
export type NamesById = ReadonlyMap<string, string>;

/** A year code told apart by its faculty, then its university. */
export function yearCodeChoice(
  row: { id: string; name: string; facultyId: string | null; universityId: string | null },
  names: NamesById,
): NamedChoice {
  return {
    value: row.id,
    name: row.name,
    details: [names.get(row.facultyId ?? ''), names.get(row.universityId ?? '')],
  };
}

/** A faculty told apart by its university. */
export function facultyChoice(
  row: { id: string; name: string; universityId: string | null },
  names: NamesById,
): NamedChoice {
  return { value: row.id, name: row.name, details: [names.get(row.universityId ?? '')] };
}

/** A class told apart by its subject, then the subject's year code. */
export function classChoice(row: {
  id: string;
  name: string;
  subjectName?: string | null;
  yearCodeName?: string | null;
}): NamedChoice {
  return { value: row.id, name: row.name, details: [row.subjectName, row.yearCodeName] };
}

/**
 * A person told apart by what the list knows of them: the e-mail (staff lists from the server), the student
 * number, then the kana reading.
 */
export function personChoice(row: {
  id: string;
  name: string;
  email?: string | null;
  identity?: string | null;
  nameKana?: string | null;
}): NamedChoice {
  return { value: row.id, name: row.name, details: [row.email ?? row.identity, row.nameKana] };
}

/**
 * The labels of people by id under the rule above (`personChoice`): a name alone where it is unique among
 * `people`, else with the e-mail (a staff viewer's device holds staff e-mails, issue 42 row 9) or student
 * number, then the kana reading.
 */
export function personLabels(
  people: readonly Parameters<typeof personChoice>[0][],
): ReadonlyMap<string, string> {
  return new Map(distinctOptions(people.map(personChoice)).map((option) => [option.value, option.label]));
}

/** One id → name map over master rows, for the details that are other rows' names. */
export function namesOf(...lists: readonly (readonly { id: string; name: string }[])[]): NamesById {
  return new Map(lists.flat().map((row) => [row.id, row.name]));
}

/** Year code options told apart by faculty, then university (`yearCodeChoice`). */
export function yearCodeOptions(
  rows: readonly Parameters<typeof yearCodeChoice>[0][],
  names: NamesById,
): DistinctOption[] {
  return distinctOptions(rows.map((row) => yearCodeChoice(row, names)));
}

/** Faculty options told apart by university (`facultyChoice`). */
export function facultyOptions(
  rows: readonly Parameters<typeof facultyChoice>[0][],
  names: NamesById,
): DistinctOption[] {
  return distinctOptions(rows.map((row) => facultyChoice(row, names)));
}
