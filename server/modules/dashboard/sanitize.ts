/**
 * A small allow-list HTML sanitiser for sticky content (issue 8: "HTML content of cards sanitised on the
 * server"). It keeps a few formatting elements and `a href` to http(s), mailto or in-app paths; every other
 * element is dropped with its tags (its text stays, escaped), and the content of `script`, `style` and similar
 * elements is dropped whole. Every attribute but a safe `href` goes, so `on*` handlers and `style` never pass.
 * Text is re-escaped, so whatever comes out is well-formed and inert.
 */

const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 's', 'br', 'p', 'ul', 'ol', 'li', 'span', 'a']);
const VOID_TAGS = new Set(['br']);
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

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/** Returns `html` with only allowed elements and attributes, every text escaped. */
export function sanitizeHtml(html: string): string {
  let out = '';
  let text = '';
  const open: string[] = [];
  let dropping: string | null = null;
  const flushText = () => {
    if (dropping === null) out += escapeText(decodeEntities(text));
    text = '';
  };

  let index = 0;
  while (index < html.length) {
    const char = html[index];
    if (char === '<' && html.startsWith('<!--', index)) {
      flushText();
      const end = html.indexOf('-->', index + 4);
      index = end === -1 ? html.length : end + 3;
      continue;
    }
    if (char === '<') {
      TAG.lastIndex = index;
      const match = TAG.exec(html);
      if (match) {
        flushText();
        index = TAG.lastIndex;
        const closing = match[1] === '/';
        const name = (match[2] ?? '').toLowerCase();
        const attributes = match[3] ?? '';
        if (dropping !== null) {
          if (closing && name === dropping) dropping = null;
          continue;
        }
        if (DROPPED_WITH_CONTENT.has(name)) {
          if (!closing && !attributes.trimEnd().endsWith('/')) dropping = name;
          continue;
        }
        if (!ALLOWED_TAGS.has(name)) continue;
        if (closing) {
          const at = open.lastIndexOf(name);
          if (at === -1) continue;
          while (open.length > at) out += `</${open.pop()}>`;
          continue;
        }
        if (VOID_TAGS.has(name)) {
          out += `<${name}>`;
          continue;
        }
        if (name === 'a') {
          const href = HREF.exec(attributes);
          const value = href ? (href[1] ?? href[2] ?? href[3] ?? '') : '';
          out +=
            href && isSafeHref(value)
              ? `<a href="${escapeText(decodeEntities(value))}" rel="noopener noreferrer" target="_blank">`
              : '<a>';
        } else {
          out += `<${name}>`;
        }
        open.push(name);
        continue;
      }
    }
    text += char;
    index += 1;
  }
  flushText();
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
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
