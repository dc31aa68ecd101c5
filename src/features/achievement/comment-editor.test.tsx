import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommentEditor } from './achievement-screen';

function editor(comment: string) {
  return (
    <I18nProvider i18n={i18n}>
      <CommentEditor title="Aoi — Quiz 1" comment={comment} editable onSave={async () => null} />
    </I18nProvider>
  );
}

const commentField = () => screen.getByLabelText('Comment') as HTMLInputElement;

describe("a score's comment that another device changes while the teacher types", () => {
  it('keeps what the teacher typed and says the comment changed meanwhile', () => {
    const { rerender } = render(editor('Good work'));
    fireEvent.change(commentField(), { target: { value: 'Good work, check question 3' } });

    rerender(editor('Very good'));

    expect(commentField().value).toBe('Good work, check question 3');
    expect(screen.getByRole('status').textContent).toContain('changed meanwhile');
  });

  it("takes the other device's comment while nothing was typed", () => {
    const { rerender } = render(editor('Good work'));
    rerender(editor('Very good'));
    expect(commentField().value).toBe('Very good');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
