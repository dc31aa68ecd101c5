import { ROLE_LIST } from '../../domain/roles';
import { ACCESS_RULES, type Entity, type EntityRules, REACH_MEANING, Reach, type RoleReach } from './rules';

// docs/access.md's tables are this rendering of the rules' table, so the written rules cannot drift from the
// ones the policies enforce: `rules-doc.test.ts` fails when the document differs, and rewrites it when asked.

/** The marks between which docs/access.md holds the generated tables. */
export const GENERATED_START = '<!-- generated from server/access/rules.ts: do not edit by hand -->';
export const GENERATED_END = '<!-- end of generated tables -->';

const ROLE_TITLES = ['observer (0)', 'teacher (1)', 'admin (2)', 'super admin (3)', 'student (5)'];

/** A table cell: the reach in a few words, `—` for none. */
function cell(reach: Reach): string {
  if (reach === Reach.none) return '—';
  if (reach === Reach.all) return 'all';
  return reach;
}

function table(kind: 'read' | 'write'): string[] {
  const header = `| ${kind === 'read' ? 'reads' : 'writes'} | ${ROLE_TITLES.join(' | ')} |`;
  const rule = `|---|${ROLE_TITLES.map(() => '---').join('|')}|`;
  const rows = (Object.entries(ACCESS_RULES) as [Entity, EntityRules][]).flatMap(([entity, rules]) => {
    const byRole: RoleReach | undefined = rules[kind];
    return byRole ? [`| \`${entity}\` | ${ROLE_LIST.map((role) => cell(byRole[role])).join(' | ')} |`] : [];
  });
  const readOnly = (Object.entries(ACCESS_RULES) as [Entity, EntityRules][])
    .filter(([, rules]) => !rules.write)
    .map(([entity]) => `\`${entity}\``);
  if (kind === 'read' || readOnly.length === 0) return [header, rule, ...rows];
  return [
    header,
    rule,
    ...rows,
    '',
    `Written by no call, only derived from other rows: ${readOnly.join(', ')}.`,
  ];
}

/** The generated part of docs/access.md: the entities, both tables, the reaches' meanings and the notes. */
export function renderRulesTables(): string {
  const entities = (Object.entries(ACCESS_RULES) as [Entity, EntityRules][]).map(
    ([entity, rules]) => `- \`${entity}\`: ${rules.rows}.`,
  );
  const reaches = (Object.entries(REACH_MEANING) as [Reach, string][])
    .filter(([reach]) => reach !== Reach.all && reach !== Reach.none)
    .map(([reach, meaning]) => `- \`${reach}\`: rows ${meaning}.`);
  const notes = (Object.entries(ACCESS_RULES) as [Entity, EntityRules][]).flatMap(([entity, rules]) =>
    rules.note ? [`- \`${entity}\`: ${rules.note}`] : [],
  );
  return [
    GENERATED_START,
    '',
    '### The kinds of row',
    '',
    ...entities,
    '',
    '### Who reads what',
    '',
    ...table('read'),
    '',
    '### Who writes what',
    '',
    ...table('write'),
    '',
    '### What each reach means',
    '',
    '- `all`: every row of the kind; `—`: none.',
    ...reaches,
    '',
    '### What else decides',
    '',
    ...notes,
    '',
    GENERATED_END,
  ].join('\n');
}
