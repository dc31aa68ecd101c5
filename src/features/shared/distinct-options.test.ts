import { describe, expect, it } from 'vitest';
import {
  classChoice,
  distinctOptions,
  facultyOptions,
  namesOf,
  personChoice,
  personLabels,
  yearCodeChoice,
  yearCodeOptions,
} from './distinct-options';

const names = new Map([
  ['f-eng', 'Engineering'],
  ['f-law', 'Law'],
  ['u-1', 'Tōto University'],
  ['u-2', 'Minato University'],
]);

describe('options that share a name', () => {
  it('tells year codes of different faculties apart by the faculty, and by the university when that repeats too', () => {
    const options = distinctOptions([
      yearCodeChoice({ id: 'a', name: '2025A', facultyId: 'f-eng', universityId: 'u-1' }, names),
      yearCodeChoice({ id: 'b', name: '2025A', facultyId: 'f-law', universityId: 'u-1' }, names),
      yearCodeChoice({ id: 'c', name: '2025A', facultyId: 'f-law', universityId: 'u-2' }, names),
      yearCodeChoice({ id: 'd', name: '2026A', facultyId: 'f-law', universityId: 'u-2' }, names),
    ]);
    expect(options.map((option) => option.label)).toEqual([
      '2025A · Engineering',
      '2025A · Law · Tōto University',
      '2025A · Law · Minato University',
      '2026A',
    ]);
  });

  it('names the subject beside a class name that several subjects use', () => {
    const labels = distinctOptions([
      classChoice({ id: '1', name: 'A組', subjectName: '日本語' }),
      classChoice({ id: '2', name: 'A組', subjectName: '数学' }),
      classChoice({ id: '3', name: 'B組', subjectName: '数学' }),
    ]).map((option) => option.label);
    expect(labels).toEqual(['A組 · 日本語', 'A組 · 数学', 'B組']);
  });

  it('tells people of one name apart by e-mail or student number, else the kana reading', () => {
    const labels = distinctOptions([
      personChoice({ id: '1', name: '林 葵', email: 'hayashi.a@school.test' }),
      personChoice({ id: '2', name: '林 葵', email: 'hayashi.a2@school.test' }),
      personChoice({ id: '3', name: '林 葵', identity: 'S2025-014' }),
      personChoice({ id: '4', name: '林 葵', nameKana: 'はやし あおい' }),
      personChoice({ id: '5', name: '森 光' }),
      personChoice({ id: '6', name: '森 光', nameKana: 'もり ひかる' }),
    ]).map((option) => option.label);
    expect(labels).toEqual([
      '林 葵 · hayashi.a@school.test',
      '林 葵 · hayashi.a2@school.test',
      '林 葵 · S2025-014',
      // The others now read apart; the one left with the bare name is told apart by it.
      '林 葵',
      '森 光',
      '森 光 · もり ひかる',
    ]);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('labels the filters of master rows and people by id with the same rule (issue 42 row 9)', () => {
    const master = namesOf(
      [
        { id: 'u-1', name: 'Tōto University' },
        { id: 'u-2', name: 'Minato University' },
      ],
      [
        { id: 'f-eng', name: 'Engineering' },
        { id: 'f-law', name: 'Law' },
      ],
    );
    const yearCodes = yearCodeOptions(
      [
        { id: 'a', name: '2025A', facultyId: 'f-eng', universityId: 'u-1' },
        { id: 'b', name: '2025A', facultyId: 'f-law', universityId: 'u-2' },
        { id: 'c', name: '2026A', facultyId: 'f-law', universityId: 'u-2' },
      ],
      master,
    );
    expect(yearCodes.map((option) => option.label)).toEqual(['2025A · Engineering', '2025A · Law', '2026A']);
    const faculties = facultyOptions(
      [
        { id: 'f-eng', name: 'Law', universityId: 'u-1' },
        { id: 'f-law', name: 'Law', universityId: 'u-2' },
      ],
      master,
    );
    expect(faculties.map((option) => option.label)).toEqual([
      'Law · Tōto University',
      'Law · Minato University',
    ]);
    const people = personLabels([
      { id: 't1', name: '林 葵', nameKana: 'ハヤシ アオイ', email: 'hayashi.a@school.test' },
      { id: 't2', name: '林 葵', nameKana: 'ハヤシ アオイ', email: 'aoi.h@school.test' },
      { id: 't3', name: '森 光', nameKana: 'モリ ヒカル', email: 'mori@school.test' },
    ]);
    expect([...people]).toEqual([
      ['t1', '林 葵 · hayashi.a@school.test'],
      ['t2', '林 葵 · aoi.h@school.test'],
      ['t3', '森 光'],
    ]);
  });
});
