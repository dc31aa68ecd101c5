import { describe, expect, it } from 'vitest';
import { outsideDrafts, PublishState } from './lessons';

describe('outsideDrafts', () => {
  it('keeps rows of no lesson and of published lessons, and leaves drafts and unknown lessons out', () => {
    const lessons = [
      { id: 'published', publish: PublishState.published },
      { id: 'draft', publish: PublishState.draft },
    ];
    const rows = [
      { name: 'subject-wide', lessonId: null },
      { name: 'exam', lessonId: 'published' },
      { name: 'draft exam', lessonId: 'draft' },
      { name: 'not synced yet', lessonId: 'unknown' },
    ];
    expect(outsideDrafts(rows, lessons).map((row) => row.name)).toEqual(['subject-wide', 'exam']);
  });
});
