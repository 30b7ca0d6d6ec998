import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fingerprintOf, hashInputs, readStamp, staleness, writeStamp } from './build-stamp.mjs';

const dirs: string[] = [];
const tree = (files: Record<string, string>) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-stamp-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('hashInputs', () => {
  it('changes with a file’s text, not with its time, and ignores tests and node_modules', () => {
    const root = tree({
      'src/a.ts': 'a',
      'src/b/c.ts': 'c',
      'src/a.test.ts': 't',
      'src/node_modules/x.js': 'x',
    });
    const first = hashInputs(root, ['src', 'missing.json']);
    expect(first.files).toBe(2);

    fs.utimesSync(path.join(root, 'src/a.ts'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    fs.writeFileSync(path.join(root, 'src/a.test.ts'), 'changed test');
    expect(hashInputs(root, ['src']).hash).toBe(first.hash);

    fs.writeFileSync(path.join(root, 'src/b/c.ts'), 'c2');
    expect(hashInputs(root, ['src']).hash).not.toBe(first.hash);
  });

  it('notices a file renamed with the same text', () => {
    const root = tree({ 'src/a.ts': 'same' });
    const before = hashInputs(root, ['src']).hash;
    fs.renameSync(path.join(root, 'src/a.ts'), path.join(root, 'src/b.ts'));
    expect(hashInputs(root, ['src']).hash).not.toBe(before);
  });
});

describe('staleness', () => {
  it('builds a missing or unstamped output, and one whose inputs or output changed since', () => {
    const stamp = { hash: 'h1', output: '10:1' };
    expect(staleness({ stamp, hash: 'h1', fingerprint: null })).toBe('missing');
    expect(staleness({ stamp: null, hash: 'h1', fingerprint: '10:1' })).toBe('unstamped');
    expect(staleness({ stamp, hash: 'h2', fingerprint: '10:1' })).toBe('changed');
    expect(staleness({ stamp, hash: 'h1', fingerprint: '11:1' })).toBe('replaced');
    expect(staleness({ stamp, hash: 'h1', fingerprint: '10:1' })).toBeNull();
  });

  it('reads back the stamp a build wrote: nothing to do until the output is touched', () => {
    const root = tree({ 'dist/main.js': 'code' });
    const output = path.join(root, 'dist/main.js');
    const stampFile = path.join(root, 'stamps/server.json');
    expect(readStamp(stampFile)).toBeNull();

    writeStamp(stampFile, { hash: 'h', fingerprint: fingerprintOf(output) });
    expect(
      staleness({ stamp: readStamp(stampFile), hash: 'h', fingerprint: fingerprintOf(output) }),
    ).toBeNull();

    fs.writeFileSync(output, 'rebuilt by hand');
    expect(staleness({ stamp: readStamp(stampFile), hash: 'h', fingerprint: fingerprintOf(output) })).toBe(
      'replaced',
    );
  });
});
