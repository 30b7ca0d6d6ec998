import { crc32 } from 'node:zlib';

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
