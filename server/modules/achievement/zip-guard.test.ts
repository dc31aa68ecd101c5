import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ValidationCode } from '../../../domain/validation-codes';
import { checkXlsxZip } from './zip-guard';

interface TestEntry {
  name: string;
  content: Buffer;
  /** Declared unpacked size; the real one unless a test lies. */
  declaredSize?: number;
}

/** Builds a zip archive by hand (deflated entries), so tests can make archives no zip tool would. */
function zipOf(entries: readonly TestEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = deflateRawSync(entry.content);
    const size = entry.declaredSize ?? entry.content.byteLength;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + data.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xml = (text: string) => Buffer.from(`<?xml version="1.0"?><root>${text}</root>`);

describe('checkXlsxZip', () => {
  it('lets a small ordinary zip through', () => {
    expect(checkXlsxZip(zipOf([{ name: 'a.xml', content: xml('hello') }]))).toBeNull();
  });

  it('refuses what is not a zip', () => {
    expect(checkXlsxZip(Buffer.from('name,score\nA,10\n'.repeat(10)))).toBe(ValidationCode.importNotXlsx);
  });

  it('refuses a zip whose entry unpacks far beyond its packed size (a zip bomb)', () => {
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(4 * 1024 * 1024) }]);
    expect(bomb.byteLength).toBeLessThan(10_000);
    expect(checkXlsxZip(bomb)).toBe(ValidationCode.importTooLarge);
  });

  it('refuses a zip that declares a small size but inflates to more', () => {
    const liar = zipOf([{ name: 'a.xml', content: xml('x'.repeat(5000)), declaredSize: 100 }]);
    expect(checkXlsxZip(liar)).toBe(ValidationCode.importMalformed);
  });

  it('refuses a zip with too many entries', () => {
    const many = zipOf(
      Array.from({ length: 65 }, (_, index) => ({ name: `${index}.xml`, content: xml('') })),
    );
    expect(checkXlsxZip(many)).toBe(ValidationCode.importTooLarge);
  });

  it('refuses a truncated zip and a zip without entries', () => {
    const whole = zipOf([{ name: 'a.xml', content: xml('hello world') }]);
    expect(checkXlsxZip(whole.subarray(0, whole.byteLength - 30))).toBe(ValidationCode.importMalformed);
    expect(checkXlsxZip(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), zipOf([])]))).toBe(
      ValidationCode.importMalformed,
    );
  });

  it('refuses a file above the upload limit before reading it', () => {
    expect(checkXlsxZip(Buffer.alloc(1024 * 1024 + 1))).toBe(ValidationCode.importTooLarge);
  });
});
