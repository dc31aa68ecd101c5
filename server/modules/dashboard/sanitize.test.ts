import { describe, expect, it } from 'vitest';
import { isSafeHref, sanitizeHtml, sanitizeWithin } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps allowed formatting and plain text', () => {
    expect(sanitizeHtml('<p>Hello <b>world</b><br/>次へ</p>')).toBe('<p>Hello <b>world</b><br>次へ</p>');
  });

  it('drops script elements with their content', () => {
    expect(sanitizeHtml('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitizeHtml('a<SCRIPT src="x.js"></SCRIPT>b')).toBe('ab');
    expect(sanitizeHtml('<style>*{}</style><svg><script>x</script></svg>ok')).toBe('ok');
  });

  it('drops event handlers and every other attribute', () => {
    expect(sanitizeHtml('<img src=x onerror="alert(1)">')).toBe('');
    expect(sanitizeHtml('<b onclick="alert(1)" style="color:red">x</b>')).toBe('<b>x</b>');
    expect(sanitizeHtml('<a href="/x" onmouseover="alert(1)">x</a>')).toBe(
      '<a href="/x" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('refuses javascript:, data: and protocol-relative links', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      'vbscript:x',
    ]) {
      expect(isSafeHref(href), href).toBe(false);
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).not.toMatch(/href/);
    }
    expect(isSafeHref('https://example.com/a')).toBe(true);
    expect(isSafeHref('mailto:a@example.com')).toBe(true);
  });

  it('escapes stray angle brackets and quotes, and closes open tags', () => {
    expect(sanitizeHtml('1 < 2 & "x" <b>bold')).toBe('1 &lt; 2 &amp; &quot;x&quot; <b>bold</b>');
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(sanitizeHtml('<!-- <script>x</script> -->ok')).toBe('ok');
  });
});

describe('sanitizeWithin', () => {
  it('keeps short content as sanitised and cuts escaped text to the limit', () => {
    expect(sanitizeWithin('<b>ok</b>', 20)).toBe('<b>ok</b>');
    const long = sanitizeWithin('<'.repeat(3000), 3000);
    expect(long.length).toBeLessThanOrEqual(3000);
    expect(long.endsWith('…')).toBe(true);
    expect(long.startsWith('&lt;&lt;')).toBe(true);
  });
});
