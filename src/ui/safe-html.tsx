import { createElement, type ReactNode } from 'react';

/** Tags a card's HTML may keep; everything else is unwrapped to its text (scripts and styles dropped). */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'span',
  'div',
  'blockquote',
  'code',
  'pre',
]);

/** Elements whose content is never text to show. */
const DROPPED_TAGS = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript']);

/** Whether a link target is safe: http(s), mail, or a path inside the app. Never `javascript:` and kin. */
export function isSafeHref(href: string): boolean {
  const trimmed = href.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return true;
  return /^(https?:|mailto:)/i.test(trimmed);
}

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;
  const children = Array.from(element.childNodes, (child, index) => convert(child, `${key}.${index}`));
  if (!ALLOWED_TAGS.has(tag)) return children;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (!isSafeHref(href)) return children;
    return createElement(
      'a',
      { key, href, target: '_blank', rel: 'noopener noreferrer', className: 'text-blue-800 underline' },
      ...children,
    );
  }
  // No attribute survives: no styles, handlers or ids from stored content.
  return createElement(tag, { key }, ...children);
}

/**
 * Stored HTML (card content) shown safely: it is parsed inert (a parsed document runs no scripts and loads
 * nothing) and rebuilt as React elements from an allow-list of tags, without any attribute but a checked
 * link target. The server sanitises the same content when storing it; this is the second line.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return (
    <div className={className}>
      {Array.from(body.childNodes, (child, index) => convert(child, String(index)))}
    </div>
  );
}
