import { LIMITS } from './limits';
import { isZipContainer } from './validation';
import { ValidationCode } from './validation-codes';

// The xlsx zip checks of SPEC §5 imports, shared by the server (score and ranking imports) and the browser
// (the bulk student file): what can be read from the zip's directory without unpacking anything.

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN_SIZE = 22;
const ZIP_MAX_COMMENT = 0xffff;
const ZIP64_MARK = 0xffffffff;
/** Zip methods an xlsx uses: stored and deflated. */
export const ZipMethod = { stored: 0, deflated: 8 } as const;

/** One file inside the zip as its central directory declares it. */
export interface ZipEntry {
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
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL_SIGNATURE) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  return end > bytes.byteLength ? null : bytes.subarray(start, end);
}

/**
 * The zip's directory checked against the import limits before anything is unpacked: its size, that it is a
 * zip, the number of files, their declared unpacked sizes and compression ratios. Returns the first problem's
 * code, or the entries, whose data the caller then inflates with each declared size as a hard cap (a zip
 * that lies about its sizes must fail there rather than fill memory in the parser).
 */
export function checkZipDirectory(bytes: Uint8Array): ValidationCode | ZipEntry[] {
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
  return entries;
}
