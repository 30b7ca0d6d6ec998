/** One part of a hand-built multipart body: a text field, or a file when `filename` is given. */
export type Part = { name: string; value: string | Uint8Array; filename?: string; type?: string };

export const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW';

/**
 * A multipart/form-data body built byte by byte, so it can carry what FormData would not: duplicate
 * fields, hostile names, files in text fields, thousands of parts.
 */
export const multipartBody = (parts: Part[], boundary = BOUNDARY) => {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`,
      ),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  };
};
