import { describe, expect, it } from 'vitest';
import { MasterKind, type MasterSettingTab } from '../../../domain/master-kind';
import { masterRow } from '../../db/database-test-helper';
import type { MasterDocType } from '../../db/master-schema';
import {
  checkMasterForm,
  EMPTY_MASTER_SEARCH,
  formValuesOf,
  orderedRows,
  pageOf,
  pastedNames,
  segmentOf,
  writeBodyOf,
} from './master-list';

const UNIVERSITY = '11111111-1111-4111-8111-111111111111';
const OTHER_UNIVERSITY = '22222222-2222-4222-8222-222222222222';
const FACULTY = '33333333-3333-4333-8333-333333333333';

function row(name: string, patch: Partial<MasterDocType> = {}): MasterDocType {
  return masterRow({ id: `id-${name}`, kind: MasterKind.rooms, name, universityId: UNIVERSITY, ...patch });
}

describe('master list', () => {
  const rows = [row('A101'), row('Ａ102'), row('B201', { universityId: OTHER_UNIVERSITY }), row('Lab')];

  it('finds rows by part of the name in any width or case, within the chosen university', () => {
    expect(orderedRows(rows, [], { ...EMPTY_MASTER_SEARCH, param: 'a1' }).map((r) => r.name)).toEqual([
      'A101',
      'Ａ102',
    ]);
    expect(
      orderedRows(rows, [], { ...EMPTY_MASTER_SEARCH, university: OTHER_UNIVERSITY }).map((r) => r.name),
    ).toEqual(['B201']);
  });

  it('shows rows created in this visit first, newest first, and keeps edited rows in place', () => {
    const shown = orderedRows(rows, ['id-Lab', 'id-B201'], EMPTY_MASTER_SEARCH).map((r) => r.name);
    expect(shown).toEqual(['Lab', 'B201', 'A101', 'Ａ102']);
  });

  it('pages ten rows at a time and clamps a page past the end to the last', () => {
    const many = Array.from({ length: 23 }, (_, index) => index);
    expect(pageOf(many, 1)).toHaveLength(10);
    expect(pageOf(many, 3)).toEqual([20, 21, 22]);
    expect(pageOf(many, 9)).toEqual([20, 21, 22]);
    expect(pageOf([], 1)).toEqual([]);
  });
});

describe('master form', () => {
  it('sends only the relations a kind has', () => {
    const values = { ...formValuesOf(null), name: 'X', university_id: UNIVERSITY, faculty_id: FACULTY };
    expect(writeBodyOf(MasterKind.universities, values)).toEqual({ name: 'X' });
    expect(writeBodyOf(MasterKind.rooms, values)).toEqual({ name: 'X', university_id: UNIVERSITY });
    expect(writeBodyOf(MasterKind.yearCodes, { ...values, color: '#43a047' })).toEqual({
      name: 'X',
      university_id: UNIVERSITY,
      faculty_id: FACULTY,
      color: '#43a047',
    });
    expect(writeBodyOf(MasterKind.classNames, { ...values, university_id: '' })).toEqual({
      name: 'X',
      university_id: null,
    });
  });

  it('asks for the name and each required relation with the call’s own schema', () => {
    expect(checkMasterForm(MasterKind.rooms, formValuesOf(null))).toEqual({
      name: 'required',
      university_id: 'required',
    });
    expect(checkMasterForm(MasterKind.examNames, { ...formValuesOf(null), name: 'Final' })).toEqual({
      subject_name_id: 'required',
    });
    expect(checkMasterForm(MasterKind.classNames, { ...formValuesOf(null), name: 'K1' })).toEqual({});
  });

  it('edits a row with its stored values, dropping a colour outside the palette', () => {
    const values = formValuesOf(
      row('2030A', { kind: MasterKind.yearCodes, facultyId: FACULTY, color: '#123456' }),
    );
    expect(values).toEqual({
      name: '2030A',
      university_id: UNIVERSITY,
      faculty_id: FACULTY,
      subject_name_id: '',
      color: '',
    });
  });

  it('maps every tab to its call segment', () => {
    const tabs: MasterSettingTab[] = [MasterKind.yearCodes, MasterKind.classNames, MasterKind.subjectNames];
    expect(tabs.map(segmentOf)).toEqual(['year-codes', 'classes', 'subjects']);
  });

  it('reads a pasted list one name a line, blank lines and edges dropped', () => {
    expect(pastedNames(' R1 \r\n\nR2\n   \nR3')).toEqual(['R1', 'R2', 'R3']);
  });
});
