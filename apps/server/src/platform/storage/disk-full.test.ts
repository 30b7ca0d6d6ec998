import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { roleIdOf, sendForm, superadminHeaders, userForm } from '../../../test/support/users';
import { users } from '../../db/schema';
import { AppError } from '../errors';
import { createLocalStorage, newStorageKey, type StorageFs } from './file-storage';

/**
 * A disk that fills up half-way through a file: the real file system writes the first half of the
 * bytes, then the write fails with ENOSPC, as a full volume does.
 */
const fillingDisk = (): StorageFs => ({
  ...fs.promises,
  writeFile: async (file, data, options) => {
    await fs.promises.writeFile(file, (data as Buffer).subarray(0, (data as Buffer).length / 2), options);
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  },
});

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-disk-full-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a full disk while storing an upload', () => {
  it('refuses with STORAGE_FULL and leaves no partial file', async () => {
    const folder = path.join(root, 'unit');
    const storage = createLocalStorage(folder, fillingDisk());
    const key = newStorageKey('application/pdf');
    const stored = storage.put(key, Buffer.from(samples.pdf), 'application/pdf');
    await expect(stored).rejects.toBeInstanceOf(AppError);
    await expect(stored).rejects.toMatchObject({ code: 'STORAGE_FULL' });
    expect(fs.readdirSync(folder)).toEqual([]);
    expect(await storage.get(key)).toBeNull();
  });

  describe('through the API', () => {
    let t: TestApp;
    const folder = () => path.join(root, 'api');
    beforeAll(async () => {
      t = await createTestApp({ storage: createLocalStorage(folder(), fillingDisk()) });
    });
    afterAll(() => t.close());

    it('answers 507 STORAGE_FULL, records no user and keeps no file', async () => {
      const form = userForm(await roleIdOf(t, 'user'));
      const answer = await sendForm(t, 'POST', '/api/users', await superadminHeaders(t), form, {
        bank_check: { data: samples.pdf, name: 'cheque.pdf', type: 'application/pdf' },
      });
      expect(answer.statusCode, answer.body).toBe(507);
      expect(answer.json()).toMatchObject({ code: 'STORAGE_FULL' });
      expect(
        await t.db
          .select()
          .from(users)
          .where(eq(users.email, form.email ?? '')),
      ).toEqual([]);
      expect(fs.readdirSync(folder())).toEqual([]);
    });
  });
});
