import { crc32 } from 'node:zlib';

// The server's tests build the same bytes (apps/server/test/support/zip.ts) but cannot share this file:
// e2e imports no workspace, the server only the domain, and the domain is pure (no Buffer, no zlib).

/** A little-endian field of 2 or 4 bytes. */
const le = (bytes: 2 | 4, value: number): Buffer => {
  const field = Buffer.alloc(bytes);
  if (bytes === 2) field.writeUInt16LE(value);
  else field.writeUInt32LE(value >>> 0);
  return field;
};

/** A one-entry stored ZIP: local header, data, central record, end record (all times zero). */
const storedZip = (entry: string, text: string): Buffer => {
  const name = Buffer.from(entry);
  const data = Buffer.from(text);
  // The local header and the central record repeat these fields, from "version needed" to the extra length.
  const entryFields = [
    le(2, 20),
    le(2, 0),
    le(2, 0),
    le(4, 0),
    le(4, crc32(data)),
    le(4, data.length),
    le(4, data.length),
    le(2, name.length),
    le(2, 0),
  ];
  const local = Buffer.concat([le(4, 0x04034b50), ...entryFields, name, data]);
  const central = Buffer.concat([
    le(4, 0x02014b50),
    le(2, 20),
    ...entryFields,
    ...[le(2, 0), le(2, 0), le(2, 0), le(4, 0), le(4, 0)],
    name,
  ]);
  const end = Buffer.concat([
    ...[le(4, 0x06054b50), le(2, 0), le(2, 0), le(2, 1), le(2, 1)],
    ...[le(4, central.length), le(4, local.length), le(2, 0)],
  ]);
  return Buffer.concat([local, central, end]);
};

/**
 * A real one-entry ZIP (stored, not compressed): the smallest file the APK upload takes, built here
 * so that no binary is committed.
 */
export const smallZip = (entry = 'AndroidManifest.xml', text = '<manifest package="e2e"/>'): Buffer =>
  storedZip(entry, text);
