import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The languages of the app, each with its catalogues in `locales/<language>/`: `sign-in.po` (the screens before
 * sign-in) and `messages.po` (the rest).
 */
export const CATALOGUE_LANGUAGES = ['ja', 'vi', 'en'] as const;
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];

/** One message of a catalogue: its source text (English), optional context and translation. */
export interface CatalogueEntry {
  context: string;
  msgid: string;
  msgstr: string;
}

/** Reads one quoted po string, with its escapes. */
function unquote(text: string): string {
  return JSON.parse(text.trim()) as string;
}

/** The catalogues of one language. */
const CATALOGUE_FILES = ['sign-in.po', 'messages.po'];

/** The entries of a language's po files (the header and obsolete `#~` entries left out). */
export function readCatalogue(language: CatalogueLanguage): CatalogueEntry[] {
  const blocks = CATALOGUE_FILES.flatMap((name) =>
    readFileSync(path.resolve(import.meta.dirname, '../../../locales', language, name), 'utf8').split(
      /\n\s*\n/,
    ),
  );
  const entries: CatalogueEntry[] = [];
  for (const block of blocks) {
    const fields: Record<string, string> = {};
    let current: string | null = null;
    for (const line of block.split('\n')) {
      const field = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line);
      if (field?.[1] && field[2]) {
        current = field[1];
        fields[current] = unquote(field[2]);
      } else if (current && line.startsWith('"')) {
        fields[current] += unquote(line);
      } else if (!line.startsWith('#') || line.startsWith('#~')) {
        current = null;
      }
    }
    if (fields.msgid === undefined || fields.msgid === '' || fields.msgstr === undefined) continue;
    entries.push({ context: fields.msgctxt ?? '', msgid: fields.msgid, msgstr: fields.msgstr });
  }
  return entries;
}

/** The key of one message across catalogues. */
const keyOf = (entry: CatalogueEntry) => `${entry.context}\u0004${entry.msgid}`;

/**
 * For each language, the texts that mean an untranslated message when they show on its screens: another
 * language's wording of a message this language words differently (the English source, or the Japanese
 * fallback). Texts with placeholders, and words too short to tell apart from data ("OK", "GPA"), are left to
 * the catalogue check.
 */
export function foreignTexts(): Record<CatalogueLanguage, Map<string, string>> {
  const catalogues = Object.fromEntries(
    CATALOGUE_LANGUAGES.map((language) => [
      language,
      new Map(readCatalogue(language).map((entry) => [keyOf(entry), entry])),
    ]),
  ) as Record<CatalogueLanguage, Map<string, CatalogueEntry>>;
  const wording = (language: CatalogueLanguage, key: string, msgid: string) =>
    catalogues[language].get(key)?.msgstr || msgid;
  const result = {} as Record<CatalogueLanguage, Map<string, string>>;
  for (const language of CATALOGUE_LANGUAGES) {
    const foreign = new Map<string, string>();
    for (const [key, entry] of catalogues.en) {
      const own = wording(language, key, entry.msgid);
      for (const other of CATALOGUE_LANGUAGES) {
        const text = wording(other, key, entry.msgid);
        if (text === own || text.includes('{') || [...text].length < 4) continue;
        foreign.set(text, `${other} wording of "${entry.msgid}"`);
      }
    }
    // A text that is also this language's own wording of some message is not foreign to it.
    for (const [key, entry] of catalogues.en) foreign.delete(wording(language, key, entry.msgid));
    result[language] = foreign;
  }
  return result;
}
