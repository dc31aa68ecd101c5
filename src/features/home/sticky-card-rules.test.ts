import { describe, expect, it } from 'vitest';
import { Role } from '../../../domain/roles';
import { StickyType } from '../../../domain/stickies';
import { isStudentTypeCard, lessonPath, shownContactLinks, stickyMore } from './sticky-card-rules';

const card = {
  subjectId: 'sub',
  lessonId: 'les',
  requestId: 'req',
  studentId: 'stu',
  memoId: 'memo',
  classId: 'cls',
};

describe('sticky card rules', () => {
  it('lists the classes of entry and plan cards with the empty state of their kind', () => {
    expect(stickyMore({ ...card, type: StickyType.attendance }, Role.teacher)).toEqual({
      kind: 'classes',
      list: 'attendance',
      empty: 'sticky_not_class_attendance',
    });
    expect(stickyMore({ ...card, type: StickyType.achievement }, Role.admin)).toMatchObject({
      list: 'achievement',
      empty: 'sticky_not_class_achievement',
    });
    expect(stickyMore({ ...card, type: StickyType.examNotPlan }, Role.teacher)).toMatchObject({
      list: 'lesson-plan',
      empty: 'sticky_not_class_no_data',
    });
    expect(stickyMore({ ...card, type: StickyType.lessonNotePlan }, Role.teacher)).toMatchObject({
      list: 'note-plan',
    });
    expect(stickyMore({ ...card, type: StickyType.lessonAttendance }, Role.teacher)).toEqual({
      kind: 'link',
      to: '/attendance?subjectClass=cls',
    });
    expect(stickyMore({ ...card, type: StickyType.lessonAchievement }, Role.admin)).toEqual({
      kind: 'link',
      to: '/achievement?subjectClass=cls',
    });
  });

  it('sends a student to their profile and shows staff the flagged students', () => {
    expect(stickyMore({ ...card, type: StickyType.highlightAttendance }, Role.student)).toEqual({
      kind: 'profile',
    });
    expect(stickyMore({ ...card, type: StickyType.highlightAchievement }, Role.teacher)).toEqual({
      kind: 'students',
    });
  });

  it('links request, student-note, subject and memo cards to their screens', () => {
    expect(stickyMore({ ...card, type: StickyType.stickyRequest }, Role.teacher)).toEqual({
      kind: 'link',
      to: '/requests/req',
    });
    expect(stickyMore({ ...card, type: StickyType.teacher }, Role.teacher)).toEqual({
      kind: 'link',
      to: '/students/stu',
    });
    expect(stickyMore({ ...card, type: StickyType.subject }, Role.admin)).toEqual({
      kind: 'link',
      to: '/academic/subjects/sub',
    });
    expect(stickyMore({ ...card, type: StickyType.memo }, Role.teacher)).toEqual({
      kind: 'link',
      to: '/academic/subjects/sub/lessons/les',
    });
    expect(stickyMore({ ...card, type: StickyType.empty }, Role.teacher)).toEqual({ kind: 'none' });
  });

  it('builds lesson links with the plan only when both schedule and plan are known', () => {
    expect(lessonPath('s', 'l')).toBe('/academic/subjects/s/lessons/l');
    expect(lessonPath('s', 'l', { scheduleId: 'c', planId: null })).toBe('/academic/subjects/s/lessons/l');
    expect(lessonPath('s', 'l', { scheduleId: 'c', planId: 'p' })).toBe(
      '/academic/subjects/s/lessons/l/schedules/c/plans/p',
    );
  });

  it('shows one or two contact links and an ellipsis beyond', () => {
    expect(shownContactLinks(['a'])).toEqual({ shown: ['a'], more: false });
    expect(shownContactLinks(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: false });
    expect(shownContactLinks(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b'], more: true });
  });

  it('treats student notes and student highlights as student-type cards', () => {
    expect(isStudentTypeCard(StickyType.teacher)).toBe(true);
    expect(isStudentTypeCard(StickyType.highlightStudent)).toBe(true);
    expect(isStudentTypeCard(StickyType.memo)).toBe(false);
  });
});
