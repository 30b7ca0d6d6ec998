import { Writable } from 'node:stream';
import { createLogger } from '../../src/platform/logging';

/** The server's own logger (redaction included) writing into memory, so a test can read what was logged. */
export const capturedLog = (level: 'info' | 'trace' = 'info') => {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { log: createLogger(level, sink), text: () => text };
};
