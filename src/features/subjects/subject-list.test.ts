import { describe, expect, it } from 'vitest';
import { subjectRow } from '../../db/database-test-helper';
import type { SubjectDocType } from '../../db/synced-schemas';
import { subjectListPage } from './subject-list';
import { subjectListSearch } from './subject-list-search';

function subject(id: string, patch: Partial<SubjectDocType> = {}): SubjectDocType {
  return subjectRow({
    id,
    kind: 'subject',
    subjectId: id,
    universityId: 'u1',
    subjectNameId: 'n-math',
    facultyId: 'f1',
    yearCodeId: 'y1',
    startDate: '2026-04-01',
    endDate: '2026-09-30',
    publish: 1,
    ...patch,
  });
}

const names = new Map([
  ['n-math', '数学'],
  ['n-ja', '日本語'],
  ['u1', '大学'],
]);

describe('subject list from the local collection', () => {
  const docs = [
    subject('a'),
    subject('b', { subjectNameId: 'n-ja', startDate: '2026-10-01', publish: 0 }),
    subject('c', { universityId: 'u2' }),
    subject('k', { kind: 'class' }),
  ];

  it('lists subjects only, newest period first, with their names and draft state', () => {
    const page = subjectListPage(docs, names, subjectListSearch.parse({}));
    expect(page.rows.map((row) => row.id)).toEqual(['b', 'a', 'c']);
    expect(page.rows[0]).toMatchObject({ name: '日本語', draft: true });
    expect(page.all).toBe(3);
  });

  it('filters by name (width- and case-insensitive) and university, and pages', () => {
    const search = subjectListSearch.parse({ param: '数', university: 'u1' });
    expect(subjectListPage(docs, names, search).rows.map((row) => row.id)).toEqual(['a']);
    const second = subjectListPage(docs, names, subjectListSearch.parse({ page: 2 }), 2);
    expect(second).toMatchObject({ total: 3, rows: [{ id: 'c' }] });
  });
});
