import { describe, expect, it } from 'vitest';
import { Role } from '../../domain/roles';
import { mayOpenLink, patternMatchesPath } from './use-registered-paths';

// A build with these screens: a card may link to them, and to nothing else.
const BUILT = [
  '/',
  '/attendance',
  '/requests/$requestId',
  '/students/$studentId',
  '/academic/subjects/$subjectId',
  '/academic/subjects/$subjectId/lessons/$lessonId',
  '/achievement-attendance-profile',
];

describe('links built at run time', () => {
  it('match a route pattern segment by segment, a parameter standing for one non-empty segment', () => {
    expect(patternMatchesPath('/requests/$requestId', '/requests/r1')).toBe(true);
    expect(patternMatchesPath('/requests/$requestId', '/requests')).toBe(false);
    expect(patternMatchesPath('/requests/$requestId', '/requests/r1/edit')).toBe(false);
    expect(patternMatchesPath('/', '/')).toBe(true);
  });

  it('are shown only when the screen exists in this build and the role may open it', () => {
    expect(mayOpenLink(BUILT, Role.teacher, '/attendance?subjectClass=c1')).toBe(true);
    expect(mayOpenLink(BUILT, Role.teacher, '/requests/r1')).toBe(true);
    expect(mayOpenLink(BUILT, Role.teacher, '/students/s1')).toBe(true);
    // A lesson's plan has no screen yet: the lesson itself does.
    expect(mayOpenLink(BUILT, Role.teacher, '/academic/subjects/a/lessons/b/schedules/c/plans/d')).toBe(
      false,
    );
    expect(mayOpenLink(BUILT, Role.teacher, '/academic/subjects/a/lessons/b')).toBe(true);
    // The screen exists but the role may not open it.
    expect(mayOpenLink(BUILT, Role.student, '/students/s1')).toBe(false);
    expect(mayOpenLink(BUILT, Role.observer, '/attendance?subjectClass=c1')).toBe(false);
    expect(mayOpenLink(BUILT, Role.teacher, '/achievement-attendance-profile')).toBe(false);
    expect(mayOpenLink(BUILT, Role.student, '/achievement-attendance-profile')).toBe(true);
    // Not built at all.
    expect(mayOpenLink(BUILT, Role.admin, '/achievement?subjectClass=c1')).toBe(false);
  });
});
