import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CITED_DOCUMENT_HOME,
  type DeclaredSections,
  declaredSections,
  findMarkdownPaths,
  findOutsideDocumentPaths,
  findSectionReferences,
  unresolvedReferences,
} from './doc-references';

const root = path.resolve(import.meta.dirname, '..');

/** The folders whose files may cite the documents, and the kinds of file read there. */
const CODE_ROOTS = ['domain', 'src', 'server', 'tests', 'scripts', 'bench'];
const CODE_FILE = /\.(?:ts|tsx|mjs|js|css|html)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'migrations']);

function filesUnder(dir: string, accept: RegExp): string[] {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : filesUnder(relative, accept);
    return accept.test(entry.name) ? [relative] : [];
  });
}

function read(relative: string): string {
  return readFileSync(path.join(root, relative), 'utf8');
}

function sectionsOf(files: readonly string[]): Set<string> {
  return new Set(files.flatMap((file) => [...declaredSections(read(file))]));
}

const productFiles = filesUnder('docs/product', /\.md$/);
const declared: DeclaredSections = {
  SPEC: sectionsOf(productFiles),
  ARCHITECTURE: sectionsOf(
    existsSync(path.join(root, 'docs/architecture.md')) ? ['docs/architecture.md'] : [],
  ),
};
// The matcher and this test hold deliberately broken references as examples.
const SELF = new Set(['scripts/doc-references.ts', 'scripts/doc-references.test.ts']);
const codeFiles = CODE_ROOTS.flatMap((dir) => filesUnder(dir, CODE_FILE)).filter((file) => !SELF.has(file));
const documentFiles = ['README.md', ...filesUnder('docs', /\.md$/)];

/** Whether a Markdown path named in a file exists beside that file or from the repository's root. */
function markdownExists(fromFile: string, named: string): boolean {
  const candidates = named.startsWith('/')
    ? [named]
    : [path.join(root, path.dirname(fromFile), named), path.join(root, named)];
  return candidates.some((candidate) => existsSync(candidate));
}

describe('the matcher of document references', () => {
  it('finds a reference, a list of sections, and one wrapped across comment lines', () => {
    const text = [
      '/** Rules of the screens (SPEC §2, §7 Schedules, §9) and the sync (ARCHITECTURE §3). */',
      '// offline when the socket is down (always online per SPEC',
      '// §4), and the limits of SPEC §5.2',
    ].join('\n');
    expect(findSectionReferences(text)).toEqual([
      { document: 'SPEC', section: '2', line: 1 },
      { document: 'SPEC', section: '7', line: 1 },
      { document: 'SPEC', section: '9', line: 1 },
      { document: 'ARCHITECTURE', section: '3', line: 1 },
      { document: 'SPEC', section: '4', line: 3 },
      { document: 'SPEC', section: '5.2', line: 3 },
    ]);
  });

  it('ignores other section signs, such as an RFC section', () => {
    expect(findSectionReferences('TEXT escaping of RFC 5545 §3.3.11, as the SPECIAL §4 case')).toEqual([]);
  });

  it('reads the sections a document declares from its headings only', () => {
    const markdown = '# §3 Entities\n\nSee §8 below.\n\n## §3.2 Requests\n\n### §10.1.4 too deep\n';
    expect([...declaredSections(markdown)]).toEqual(['3', '3.2']);
  });

  it('reports a reference to a section that does not exist', () => {
    const sections: DeclaredSections = { SPEC: new Set(['1', '2']), ARCHITECTURE: new Set(['3']) };
    const bad = '/** Wrongly cited: SPEC §2, §12 and ARCHITECTURE §3, then ARCHITECTURE §7. */';
    expect(unresolvedReferences(bad, sections)).toEqual([
      { document: 'SPEC', section: '12', line: 1 },
      { document: 'ARCHITECTURE', section: '7', line: 1 },
    ]);
  });

  it('finds the Markdown paths a text names, and a path to the documents kept outside the repository', () => {
    const text =
      "// see docs/access.md and ../../README.md, not STYLE.md\nconst u = 'https://x.test/a/README.md';";
    expect(findMarkdownPaths(text).map((found) => found.path)).toEqual([
      'docs/access.md',
      '../../README.md',
      'STYLE.md',
    ]);
    const outside =
      '// as /work/shared/SPEC.md says, or ../shared/ARCHITECTURE.md; not src/features/shared/x.ts';
    expect(findOutsideDocumentPaths(outside).map((found) => found.path)).toEqual([
      '/work/shared/SPEC.md',
      '../shared/ARCHITECTURE.md',
    ]);
  });
});

describe('the references of the repository', () => {
  it('has the product description and the architecture with their numbered sections', () => {
    expect([...declared.SPEC].sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect([...declared.ARCHITECTURE].sort()).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('cites only sections that exist in docs/product and docs/architecture.md', () => {
    const broken = [...codeFiles, ...documentFiles].flatMap((file) =>
      unresolvedReferences(read(file), declared).map(
        (reference) =>
          `${file}:${reference.line}: ${reference.document} §${reference.section} is not a section of ${CITED_DOCUMENT_HOME[reference.document]}`,
      ),
    );
    expect(broken).toEqual([]);
    // The walk really read the code: hundreds of files cite the product description.
    const citing = codeFiles.filter((file) => findSectionReferences(read(file)).length > 0);
    expect(citing.length).toBeGreaterThan(100);
  });

  it('names no Markdown file that is not in the repository, and no document kept outside it', () => {
    const broken = [...codeFiles, ...documentFiles].flatMap((file) => {
      const text = read(file);
      const missing = findMarkdownPaths(text)
        .filter((found) => !markdownExists(file, found.path))
        .map((found) => `${file}:${found.line}: ${found.path} is not in the repository`);
      const outside = findOutsideDocumentPaths(text).map(
        (found) => `${file}:${found.line}: ${found.path} lies outside the repository`,
      );
      return [...missing, ...outside];
    });
    expect(broken).toEqual([]);
  });
});
