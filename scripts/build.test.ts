import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStale } from './build.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A workspace of two targets whose builds copy their source into their output and are counted. */
const workspace = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-build-'));
  dirs.push(root);
  const builds: string[] = [];
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const target = (name: string) => ({
    name,
    inputs: [`${name}/src`, 'shared'],
    output: `${name}/dist/out.txt`,
    build: async () => {
      builds.push(name);
      write(`${name}/dist/out.txt`, fs.readFileSync(path.join(root, `${name}/src/main.ts`), 'utf8'));
    },
  });
  write('web/src/main.ts', 'web');
  write('server/src/main.ts', 'server');
  write('shared/index.ts', 'shared');
  const options = {
    targets: [target('web'), target('server')],
    root,
    stamps: path.join(root, 'stamps'),
    log: () => {},
  };
  return { root, builds, write, options };
};

describe('buildStale', () => {
  it('builds what is missing, then nothing until an input of a target changes', async () => {
    const w = workspace();
    expect(await buildStale(w.options)).toEqual(['web', 'server']);
    expect(await buildStale(w.options)).toEqual([]);

    w.write('server/src/main.ts', 'server 2');
    expect(await buildStale(w.options)).toEqual(['server']);
    expect(fs.readFileSync(path.join(w.root, 'server/dist/out.txt'), 'utf8')).toBe('server 2');

    w.write('shared/index.ts', 'shared 2');
    expect(await buildStale(w.options)).toEqual(['web', 'server']);
    expect(w.builds).toEqual(['web', 'server', 'server', 'web', 'server']);
  });

  it('rebuilds an output deleted since, and everything when forced', async () => {
    const w = workspace();
    await buildStale(w.options);
    fs.rmSync(path.join(w.root, 'web/dist'), { recursive: true });
    expect(await buildStale(w.options)).toEqual(['web']);
    expect(await buildStale({ ...w.options, force: true })).toEqual(['web', 'server']);
  });

  it('writes no stamp for a failed build, so the next start tries again', async () => {
    const w = workspace();
    const failing = { ...w.options.targets[0]!, build: async () => Promise.reject(new Error('vite failed')) };
    await expect(buildStale({ ...w.options, targets: [failing] })).rejects.toThrow('vite failed');
    expect(await buildStale(w.options)).toEqual(['web', 'server']);
  });
});
