import { type SniffedType, sniffFileType } from '@lending/domain';

/** The kind of a chosen file, read from its first bytes as the server does (null: not recognised). */
export const readFileType = async (file: Blob): Promise<SniffedType | null> => {
  try {
    const head = await file.slice(0, 16).arrayBuffer();
    return sniffFileType(new Uint8Array(head));
  } catch {
    return null;
  }
};
