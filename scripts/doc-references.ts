/**
 * The references code makes to the product's own documents, as pure functions over text, so that a test can
 * hold every one of them to a section that exists in the repository.
 *
 * Code cites two documents by short names: "SPEC §N" is section N of the product description in
 * `docs/product/` (one file per section, each opening with a `# §N …` heading), and "ARCHITECTURE §N" is
 * section N of `docs/architecture.md` (its `## §N …` headings). A Markdown file named in code (`docs/access.md`)
 * must exist too: a clone has to be able to follow every reference it holds, so nothing may point at a
 * document kept outside the repository.
 */

/** The two documents code cites by section. */
export type CitedDocument = 'SPEC' | 'ARCHITECTURE';

/** Where each cited document lives in the repository, for messages. */
export const CITED_DOCUMENT_HOME: Record<CitedDocument, string> = {
  SPEC: 'docs/product/',
  ARCHITECTURE: 'docs/architecture.md',
};

/** One section reference found in a text. */
export interface SectionReference {
  document: CitedDocument;
  /** The section number as written: `3`, or `3.2` for a subsection. */
  section: string;
  /** 1-based line of the `§` that names the section. */
  line: number;
}

// Between two parts of one comment a reference may wrap onto the next line: spaces, `*` of a block comment and
// `//` of a line comment may stand between a name and its `§`.
const GAP = String.raw`(?:\s|\*|//)*`;
const SECTION = String.raw`§(\d+(?:\.\d+)?)`;
// A document name, then its first section.
const HEAD = new RegExp(String.raw`\b(SPEC|ARCHITECTURE)${GAP}${SECTION}`, 'g');
// A further section of the same document in a list: "SPEC §2, §7 Schedules, §9", "§3/§9", "§4 and §6". One
// capitalised word may name the part of the section before the separator ("§7 Schedules").
const NEXT = new RegExp(String.raw`^(?:\s+[A-Z][A-Za-z]*)?${GAP}(?:,|/|&|\band\b|\bor\b)${GAP}${SECTION}`);

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}

/** Every "SPEC §N" and "ARCHITECTURE §N" reference of a text, lists of sections included. */
export function findSectionReferences(text: string): SectionReference[] {
  const found: SectionReference[] = [];
  for (const head of text.matchAll(HEAD)) {
    const document = head[1] as CitedDocument;
    const first = head[2] ?? '';
    const start = head.index ?? 0;
    found.push({ document, section: first, line: lineAt(text, start + head[0].lastIndexOf('§')) });
    let at = start + head[0].length;
    for (let next = NEXT.exec(text.slice(at)); next; next = NEXT.exec(text.slice(at))) {
      found.push({ document, section: next[1] ?? '', line: lineAt(text, at + next[0].lastIndexOf('§')) });
      at += next[0].length;
    }
  }
  return found;
}

/** The section numbers a Markdown text declares: every heading that starts with `§N` or `§N.M`. */
export function declaredSections(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const heading of markdown.matchAll(/^#{1,6}[ \t]+§(\d+(?:\.\d+)?)(?![\d.]*\d)/gm)) {
    if (heading[1]) sections.add(heading[1]);
  }
  return sections;
}

/** The Markdown file paths a text names (`docs/access.md`, `../../README.md`, `STYLE.md`). */
export function findMarkdownPaths(text: string): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  for (const match of text.matchAll(/(?<![\w./-])((?:\.{1,2}\/|\/)?[\w.-]+(?:\/[\w.-]+)*\.md)\b/g)) {
    found.push({ path: match[1] ?? '', line: lineAt(text, match.index ?? 0) });
  }
  return found;
}

/**
 * Whether a text names a place outside the repository where the team's shared documents were kept
 * (`/work/shared/…`, `../shared/SPEC.md`, `shared/ARCHITECTURE.md`). The app's own `features/shared` folder
 * holds no Markdown, so only a Markdown file under a `shared/` folder counts, and any path into `/work/shared`.
 */
export function findOutsideDocumentPaths(text: string): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  const pattern = /(\/work\/shared\/[\w./-]*|(?<![\w-])(?:\.\.\/)*shared\/[\w.-]+\.md)/g;
  for (const match of text.matchAll(pattern)) {
    found.push({ path: match[1] ?? '', line: lineAt(text, match.index ?? 0) });
  }
  return found;
}

/** The sections each cited document declares. */
export type DeclaredSections = Record<CitedDocument, ReadonlySet<string>>;

/** The references of a text whose section its document does not declare. */
export function unresolvedReferences(text: string, declared: DeclaredSections): SectionReference[] {
  return findSectionReferences(text).filter(
    (reference) => !declared[reference.document].has(reference.section),
  );
}
