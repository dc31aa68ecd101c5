import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isSafeHref, SafeHtml } from './safe-html';

describe('SafeHtml', () => {
  it('keeps plain formatting and drops scripts, handlers, styles and unsafe links', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<p onclick="alert(1)" style="color:red">Hello <b>world</b></p><script>alert(2)</script>' +
          '<img src=x onerror="alert(3)"><a href="javascript:alert(4)">bad</a><a href="https://example.com">ok</a>' +
          '<iframe></iframe><custom-tag>kept text</custom-tag>'
        }
      />,
    );
    const html = container.innerHTML;
    expect(html).toContain('<p>Hello <b>world</b></p>');
    expect(html).not.toMatch(/script|onclick|onerror|style=|javascript:|<img|iframe/i);
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
    expect(container.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.textContent).toContain('bad');
    expect(container.textContent).toContain('kept text');
  });

  it('accepts app paths and web links only', () => {
    expect(isSafeHref('/students/1')).toBe(true);
    expect(isSafeHref('https://a.test')).toBe(true);
    expect(isSafeHref('//evil.test')).toBe(false);
    expect(isSafeHref(' JavaScript:alert(1)')).toBe(false);
    expect(isSafeHref('data:text/html,x')).toBe(false);
  });
});
