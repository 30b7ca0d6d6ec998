import { crc32, inflateRawSync } from 'node:zlib';

// e2e builds the same bytes (e2e/support/zip.ts) but cannot share this file: the server imports only
// the domain, e2e no workspace, and the domain is pure (no Buffer, no zlib).

/** Writes what the local header and the central record both carry: CRC, both sizes, name length. */
const writeEntryFields = (header: Buffer, at: number, data: Buffer, name: Buffer) => {
  header.writeUInt32LE(crc32(data), at);
  header.writeUInt32LE(data.length, at + 4);
  header.writeUInt32LE(data.length, at + 8);
  header.writeUInt16LE(name.length, at + 12);
};

/**
 * A real ZIP archive with one stored (uncompressed) entry: local header, data, central directory and
 * end record. An APK is a ZIP, so this is the smallest file an APK upload should take.
 */
export const tinyZip = (entryName = 'AndroidManifest.xml', content = '<manifest/>'): Buffer => {
  const name = Buffer.from(entryName);
  const data = Buffer.from(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  writeEntryFields(local, 14, data, name);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  writeEntryFields(central, 16, data, name);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
};

const END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/**
 * The entries of a ZIP archive by name, in the archive's order, read from its central directory
 * (stored or deflated entries, each checked against its CRC). Enough for the archives the server writes.
 */
export const unzip = (zip: Buffer): Map<string, Buffer> => {
  const end = zip.lastIndexOf(END_OF_CENTRAL_DIRECTORY);
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const entries = new Map<string, Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let index = zip.readUInt16LE(end + 10); index > 0; index -= 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`no central record at ${at}`);
    const method = zip.readUInt16LE(at + 10);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
    const content = method === 8 ? inflateRawSync(data) : data;
    if (crc32(content) !== zip.readUInt32LE(at + 16)) throw new Error(`${name}: CRC mismatch`);
    entries.set(name, content);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
};
