import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_END, GENERATED_START, renderRulesTables } from './rules-doc';

const docPath = path.resolve(import.meta.dirname, '../../docs/access.md');

describe('docs/access.md', () => {
  it('holds the rules table the policies enforce (UPDATE_ACCESS_DOC=1 rewrites it)', () => {
    const doc = readFileSync(docPath, 'utf8');
    const start = doc.indexOf(GENERATED_START);
    const end = doc.indexOf(GENERATED_END);
    expect(start, 'docs/access.md lacks the generated tables’ start mark').toBeGreaterThanOrEqual(0);
    expect(end, 'docs/access.md lacks the generated tables’ end mark').toBeGreaterThan(start);
    const written = doc.slice(start, end + GENERATED_END.length);
    const rendered = renderRulesTables();
    if (process.env.UPDATE_ACCESS_DOC === '1' && written !== rendered) {
      writeFileSync(docPath, doc.replace(written, rendered));
      return;
    }
    expect(written).toBe(rendered);
  });
});
