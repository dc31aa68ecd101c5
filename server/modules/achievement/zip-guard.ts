import { inflateRawSync } from 'node:zlib';
import { ValidationCode } from '../../../domain/validation-codes';
import { checkZipDirectory, entryData, ZipMethod } from '../../../domain/zip-guard';

/**
 * Checks an uploaded xlsx before any parser unpacks it (SPEC §5, ARCHITECTURE §4): its size, that it is a
 * zip, the number of files in it, their declared unpacked sizes and compression ratios. Each entry is then
 * inflated with its declared size as a hard cap, so a zip that lies about its sizes fails here instead of
 * filling memory in the parser. Returns the first problem's code, or null when the file may be parsed.
 */
export function checkXlsxZip(bytes: Uint8Array): ValidationCode | null {
  const entries = checkZipDirectory(bytes);
  if (typeof entries === 'string') return entries;
  for (const entry of entries) {
    const data = entryData(bytes, entry);
    if (!data) return ValidationCode.importMalformed;
    if (entry.method === ZipMethod.stored) {
      if (data.byteLength !== entry.uncompressedSize) return ValidationCode.importMalformed;
      continue;
    }
    if (entry.method !== ZipMethod.deflated) return ValidationCode.importMalformed;
    try {
      // One byte more than declared: an entry that inflates further than it says trips the cap.
      const inflated = inflateRawSync(data, { maxOutputLength: entry.uncompressedSize + 1 });
      if (inflated.byteLength !== entry.uncompressedSize) return ValidationCode.importMalformed;
    } catch {
      return ValidationCode.importMalformed;
    }
  }
  return null;
}
