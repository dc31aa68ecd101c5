import { describe, expect, it, vi } from 'vitest';
import { createSubjectRefreshQueue } from './refresh';

/** A refresh that waits until the test lets it finish, recording each subject it ran for. */
function controlledRefresh() {
  const ran: string[] = [];
  const finish: (() => void)[] = [];
  const refresh = (subjectId: string) => {
    ran.push(subjectId);
    return new Promise<void>((resolve) => finish.push(resolve));
  };
  const finishAll = async () => {
    while (finish.length > 0) {
      finish.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { ran, refresh, finishAll };
}

describe('subject refresh queue', () => {
  it('runs one refresh at a time, each waiting subject once however often it was asked for', async () => {
    const { ran, refresh, finishAll } = controlledRefresh();
    const queue = createSubjectRefreshQueue(refresh, () => {});
    queue.request(['math']);
    queue.request(['physics', 'physics', 'history']);
    queue.request(['physics']);
    expect(ran).toEqual(['math']);
    await finishAll();
    await queue.settled();
    expect(ran).toEqual(['math', 'physics', 'history']);
  });

  it('refreshes a subject again when it is asked for while its refresh runs', async () => {
    const { ran, refresh, finishAll } = controlledRefresh();
    const queue = createSubjectRefreshQueue(refresh, () => {});
    queue.request(['math']);
    queue.request(['math']);
    expect(ran).toEqual(['math']);
    await finishAll();
    await queue.settled();
    expect(ran).toEqual(['math', 'math']);
  });

  it('reports a failed refresh and goes on with the next subject', async () => {
    const errors: unknown[] = [];
    const ran: string[] = [];
    const queue = createSubjectRefreshQueue(
      async (subjectId) => {
        ran.push(subjectId);
        if (subjectId === 'math') throw new Error('database closed');
      },
      (error) => errors.push(error),
    );
    queue.request(['math', 'physics']);
    await queue.settled();
    expect(ran).toEqual(['math', 'physics']);
    expect(errors).toHaveLength(1);
  });

  it('refreshes a subject written again within its spacing once, when the spacing is over', async () => {
    const ran: [string, number][] = [];
    const began = performance.now();
    const queue = createSubjectRefreshQueue(
      async (subjectId) => {
        ran.push([subjectId, performance.now() - began]);
      },
      () => {},
      { spacingMs: 200 },
    );
    queue.request(['math']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Asked again at once, and again: one more refresh of math, when its spacing is over; physics at once.
    queue.request(['math']);
    queue.request(['math', 'physics']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran.map(([subject]) => subject)).toEqual(['math', 'physics']);
    await vi.waitFor(() => expect(ran.map(([subject]) => subject)).toEqual(['math', 'physics', 'math']), {
      timeout: 5_000,
    });
    expect(ran[2]?.[1]).toBeGreaterThanOrEqual(200);
  });

  it('comes back by itself for a subject asked again alone within its spacing', async () => {
    const ran: string[] = [];
    const queue = createSubjectRefreshQueue(
      async (subjectId) => {
        ran.push(subjectId);
      },
      () => {},
      { spacingMs: 100 },
    );
    queue.request(['math']);
    queue.request(['math']);
    expect(ran).toEqual(['math']);
    await vi.waitFor(() => expect(ran).toEqual(['math', 'math']), { timeout: 5_000 });
  });

  it('settling runs what waits within its spacing at once, so the last write is seen', async () => {
    const { ran, refresh, finishAll } = controlledRefresh();
    const queue = createSubjectRefreshQueue(refresh, () => {}, { spacingMs: 60_000 });
    queue.request(['math']);
    await finishAll();
    queue.request(['math']);
    expect(ran).toEqual(['math']);
    const settled = queue.settled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['math', 'math']);
    await finishAll();
    await settled;
  });
});
