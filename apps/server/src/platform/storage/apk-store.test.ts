import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalApkStore } from './apk-store';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'apk-store-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);

describe('the local APK store', () => {
  it('keeps a received file only once committed, under a name it lists', async () => {
    const store = createLocalApkStore(root);
    const received = await store.receive(Readable.from([Buffer.from('PK\x03\x04rest')]));
    expect(received.size).toBe(8);
    expect(await store.list()).toEqual([]);
    await received.commit('app-v1.0.0.apk');
    expect((await store.list()).map((file) => file.name)).toEqual(['app-v1.0.0.apk']);
    expect(fs.readdirSync(root)).toEqual(['app-v1.0.0.apk']);
  });

  it('sweeps what a process that died mid-upload left, not uploads under way', async () => {
    const abandoned = path.join(root, '.incoming-abandoned');
    const current = path.join(root, '.incoming-current');
    fs.writeFileSync(abandoned, 'half');
    fs.utimesSync(abandoned, twoDaysAgo, twoDaysAgo);
    fs.writeFileSync(current, 'half');
    const received = await createLocalApkStore(root).receive(Readable.from([Buffer.from('x')]));
    expect(fs.existsSync(abandoned)).toBe(false);
    expect(fs.existsSync(current)).toBe(true);
    await received.discard();
  });

  it('never reaches outside its folder', async () => {
    const store = createLocalApkStore(path.join(root, 'apk'));
    fs.writeFileSync(path.join(root, 'outside.apk'), 'keep');
    expect(await store.remove('../outside.apk')).toBe(false);
    expect(await store.open('../outside.apk')).toBeNull();
    expect(fs.existsSync(path.join(root, 'outside.apk'))).toBe(true);
    const received = await store.receive(Readable.from([Buffer.from('x')]));
    await expect(received.commit('../escape.apk')).rejects.toThrow(/Invalid APK name/);
    await received.discard();
    expect(fs.readdirSync(path.join(root, 'apk'))).toEqual([]);
  });
});
