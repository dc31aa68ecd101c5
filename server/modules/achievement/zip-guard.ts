import { inflateRawSync } from 'node:zlib';
import { LIMITS } from '../../../domain/limits';
import { isZipContainer } from '../../../domain/validation';
import { ValidationCode } from '../../../domain/validation-codes';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN_SIZE = 22;
const ZIP_MAX_COMMENT = 0xffff;
const ZIP64_MARK = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;

/** One file inside the zip as its central directory declares it. */
interface ZipEntry {
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

function findEndOfCentralDirectory(view: DataView): number | null {
  const lowest = Math.max(0, view.byteLength - EOCD_MIN_SIZE - ZIP_MAX_COMMENT);
  for (let offset = view.byteLength - EOCD_MIN_SIZE; offset >= lowest; offset--) {
    if (view.getUint32(offset, true) === EOCD_SIGNATURE) return offset;
  }
  return null;
}

function readEntries(view: DataView): ZipEntry[] | ValidationCode {
  const end = findEndOfCentralDirectory(view);
  if (end === null) return ValidationCode.importMalformed;
  const count = view.getUint16(end + 10, true);
  if (count > LIMITS.importMaxZipEntries) return ValidationCode.importTooLarge;
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) {
      return ValidationCode.importMalformed;
    }
    const entry: ZipEntry = {
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    };
    // ZIP64 archives are never a 50-student sheet; refusing them keeps the size fields trustworthy.
    if (entry.compressedSize === ZIP64_MARK || entry.uncompressedSize === ZIP64_MARK) {
      return ValidationCode.importTooLarge;
    }
    entries.push(entry);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry, found through its local header. */
function entryData(bytes: Uint8Array, view: DataView, entry: ZipEntry): Uint8Array | null {
  const at = entry.localHeaderOffset;
  if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL_SIGNATURE) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  return end > bytes.byteLength ? null : bytes.subarray(start, end);
}

/**
 * Checks an uploaded xlsx before any parser unpacks it (SPEC §5, ARCHITECTURE §4): its size, that it is a
 * zip, the number of files in it, their declared unpacked sizes and compression ratios. Each entry is then
 * inflated with its declared size as a hard cap, so a zip that lies about its sizes fails here instead of
 * filling memory in the parser. Returns the first problem's code, or null when the file may be parsed.
 */
export function checkXlsxZip(bytes: Uint8Array): ValidationCode | null {
  if (bytes.byteLength > LIMITS.importMaxBytes) return ValidationCode.importTooLarge;
  if (bytes.byteLength < EOCD_MIN_SIZE || !isZipContainer(bytes)) return ValidationCode.importNotXlsx;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readEntries(view);
  if (typeof entries === 'string') return entries;
  if (entries.length === 0) return ValidationCode.importMalformed;
  let unpacked = 0;
  for (const entry of entries) {
    unpacked += entry.uncompressedSize;
    if (unpacked > LIMITS.importMaxUnpackedBytes) return ValidationCode.importTooLarge;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (ratio > LIMITS.importMaxCompressionRatio) return ValidationCode.importTooLarge;
  }
  for (const entry of entries) {
    const data = entryData(bytes, view, entry);
    if (!data) return ValidationCode.importMalformed;
    if (entry.method === STORED) {
      if (data.byteLength !== entry.uncompressedSize) return ValidationCode.importMalformed;
      continue;
    }
    if (entry.method !== DEFLATED) return ValidationCode.importMalformed;
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
