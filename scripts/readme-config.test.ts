import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's configuration table is where an operator learns the settings (issue 46, "Done when": the table
// lists the new settings). Every variable the server's environment schema reads must have a row there.

const root = path.resolve(import.meta.dirname, '..');
const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8');

/** The variables of `envSchema` in server/config.ts: its keys, one a line, written as `  NAME: z…`. */
function schemaVariables(): string[] {
  const source = read('server/config.ts');
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  if (start < 0 || end < 0) throw new Error('envSchema not found in server/config.ts');
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] ?? '');
}

/** The `OIDC_*` variables server/oidc-config.ts reads. */
function oidcVariables(): string[] {
  return [
    ...new Set(
      [...read('server/oidc-config.ts').matchAll(/\b(OIDC_[A-Z0-9_]*[A-Z0-9])\b/g)].map((m) => m[1] ?? ''),
    ),
  ];
}

/** The README's configuration section: the table's rows and the lines under it. */
function configurationSection(): string {
  const readme = read('README.md');
  const start = readme.indexOf('## Configuration');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The variables the table has a row for (its first cell), and a family a row names (`X_JA`, `_VI`, `_EN`). */
function documented(section: string): Set<string> {
  const names = new Set<string>();
  for (const [, name] of section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)) if (name) names.add(name);
  for (const [, base, first, rest] of section.matchAll(
    /`([A-Z][A-Z0-9_]+)(_[A-Z]{2})`((?:, `_[A-Z]{2}`)+)/g,
  )) {
    names.add(`${base}${first}`);
    for (const [, suffix] of (rest ?? '').matchAll(/`(_[A-Z]{2})`/g)) names.add(`${base}${suffix}`);
  }
  return names;
}

describe('the README’s configuration table', () => {
  it('has a row for every variable the server reads from its environment', () => {
    const variables = [...schemaVariables(), ...oidcVariables()];
    expect(variables).toContain('ACCESS_LOG_FLUSH_MS');
    expect(variables).toContain('OIDC_ISSUER');
    const listed = documented(configurationSection());
    expect(variables.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('lists the settings of issue 46: the access log, erasure, metrics and load shedding', () => {
    const listed = documented(configurationSection());
    for (const name of [
      'ACCESS_LOG_FLUSH_MS',
      'ERASURE_AFTER_DAYS',
      'METRICS_ALLOW',
      'METRICS_TOKEN',
      'LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS',
      'LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION',
      'LOAD_SHED_MAX_DB_QUEUE',
      'LOAD_SHED_RETRY_AFTER_S',
    ]) {
      expect(listed, name).toContain(name);
    }
  });
});
