import { describe, expect, it } from 'vitest';
import {
  isEmailEntry,
  matchRoster,
  type RosterCandidate,
  rosterEntries,
  yearCodeRoster,
} from './roster-match';

const student = (n: number, yearCodeId = 'y1', email: string | null = null): RosterCandidate => ({
  studentId: `s${n}`,
  identity: `ST${String(n).padStart(3, '0')}`,
  name: `学生 ${n}`,
  yearCodeId,
  email,
});
const ALL = [student(1), student(2), student(3, 'y2'), student(10), student(4, 'y1', 'four@school.test')];

describe('adding students to a class in bulk', () => {
  it('reads a pasted column, a comma list or full-width numbers, without repeats', () => {
    expect(rosterEntries('ST001\nST002\r\n\nＳＴ００３, st001 ; four@school.test\t<x@y.z>')).toEqual([
      'ST001',
      'ST002',
      'ST003',
      'four@school.test',
      'x@y.z',
    ]);
    expect(isEmailEntry('four@school.test')).toBe(true);
    expect(isEmailEntry('ST001')).toBe(false);
  });

  it('previews who matched by number or e-mail, who is already seated and which entries named nobody', () => {
    const preview = matchRoster(
      rosterEntries('st002\nST001\nST999\nfour@school.test\nST003'),
      ALL,
      new Set(['s3']),
    );
    expect(preview.matched.map((row) => row.studentId)).toEqual(['s2', 's1', 's4']);
    expect(preview.seated.map((row) => row.studentId)).toEqual(['s3']);
    expect(preview.unmatched).toEqual(['ST999']);
  });

  it('takes a whole year code in student-number order, leaving out those already seated', () => {
    const preview = yearCodeRoster('y1', ALL, new Set(['s2']));
    expect(preview.matched.map((row) => row.identity)).toEqual(['ST001', 'ST004', 'ST010']);
    expect(preview.seated.map((row) => row.identity)).toEqual(['ST002']);
    expect(preview.unmatched).toEqual([]);
  });
});
