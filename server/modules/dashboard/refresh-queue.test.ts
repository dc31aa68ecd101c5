import { describe, expect, it } from 'vitest';
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
});
