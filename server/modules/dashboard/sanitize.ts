import sanitize from 'sanitize-html';

/**
 * The one allow-list for HTML that people write (sticky cards today; memos and plans next), applied by
 * sanitize-html, a parser-based sanitiser (htmlparser2), on the server before anything is stored for display.
 * It keeps a few formatting elements and `a href` to http(s), mailto or in-app paths; every other element is
 * dropped with its tags (its text stays, escaped), and the content of `script`, `style` and similar elements
 * is dropped whole. Every attribute but a safe `href` goes, so `on*` handlers and `style` never pass. Text is
 * re-escaped, so whatever comes out is well-formed and inert; the app renders it without `innerHTML` too.
 */

const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 's', 'br', 'p', 'ul', 'ol', 'li', 'span', 'a']);
/** Elements whose whole content is dropped, not only their tags. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
]);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function isControlOrSpace(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Whether a link target is safe: http(s), mailto, or a path inside the app; never javascript:, data: etc. */
export function isSafeHref(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so strip them first.
  const href = [...decodeEntities(raw)].filter((char) => !isControlOrSpace(char)).join('');
  if (href.startsWith('/')) return !href.startsWith('//') && !href.startsWith('/\\');
  return /^(https?:|mailto:)/i.test(href);
}

const LINK_ATTRIBUTES = { rel: 'noopener noreferrer', target: '_blank' };

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROPPED_WITH_CONTENT],
  // A link keeps its target only when it is safe, and always opens apart from the app; the author's own
  // rel and target never pass.
  transformTags: {
    a: (_tagName, attribs) => ({
      tagName: 'a',
      attribs:
        attribs.href !== undefined && isSafeHref(attribs.href)
          ? { href: attribs.href, ...LINK_ATTRIBUTES }
          : {},
    }),
  },
};

/** Returns `html` with only allowed elements and attributes, every text escaped. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

/**
 * Sanitised content that fits a column of `max` characters. Escaping can lengthen text (`<` becomes `&lt;`),
 * so a note at its length limit may come out longer; then the card keeps the note's plain text, escaped and
 * cut to fit with an ellipsis, rather than half a tag.
 */
export function sanitizeWithin(html: string, max: number): string {
  const clean = sanitizeHtml(html);
  if (clean.length <= max) return clean;
  const plain = decodeEntities(clean.replace(/<[^>]*>/g, ''));
  let out = '';
  for (const char of plain) {
    const next = escapeText(char);
    if (out.length + next.length > max - 1) break;
    out += next;
  }
  return `${out}…`;
}
