import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, samples } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import {
  auditActions,
  type Headers,
  sendForm,
  superadminHeaders,
  userRow,
} from '../../../test/support/users';
import { newStorageKey } from '../../platform/storage/file-storage';

let t: TestApp;
let admin: Headers;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createSignedInUser(t, { role: 'admin' })).headers;
});
afterAll(() => t.close());

const borrowerWithPan = async () => {
  const panCard = newStorageKey('image/png');
  await t.deps.storage.put(panCard, Buffer.from(samples.png), 'image/png');
  return { ...(await createSignedInUser(t, { panCard })), panCard };
};
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

describe('a borrower deleting their own KYC document', () => {
  it('hides it from them but keeps the file and the column for staff and the audit', async () => {
    const borrower = await borrowerWithPan();
    const removed = await sendForm(t, 'PUT', '/api/users/profile/me', borrower.headers, { pan_card: '' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.pan_card).toBeNull();
    expect((await get('/api/users/profile/me', borrower.headers)).json().pan_card).toBeNull();
    expect((await get('/api/auth/me', borrower.headers)).json().user.pan_card).toBeNull();

    expect((await userRow(t, borrower.user.id))?.panCard).toBe(borrower.panCard);
    expect(await t.deps.storage.get(borrower.panCard)).not.toBeNull();
    const seenByStaff = (await get(`/api/users/${borrower.user.id}`, admin)).json().user;
    expect(seenByStaff.pan_card).toMatch(/^\/api\/files\//);
    expect(seenByStaff.hidden_by_owner).toEqual(['pan_card']);
    expect(await auditActions(t, borrower.user.id)).toContain('profile_updated');
  });

  it('shows a new upload of the same document to its owner again', async () => {
    const borrower = await borrowerWithPan();
    await sendForm(t, 'PUT', '/api/users/profile/me', borrower.headers, { pan_card: '' });
    const uploaded = await sendForm(
      t,
      'PUT',
      '/api/users/profile/me',
      borrower.headers,
      {},
      {
        pan_card: { data: samples.png, name: 'pan.png', type: 'image/png' },
      },
    );
    expect(uploaded.json().user.pan_card).toMatch(/^\/api\/files\//);
    const seenByStaff = (await get(`/api/users/${borrower.user.id}`, admin)).json().user;
    expect(seenByStaff.hidden_by_owner).toEqual([]);
  });
});

describe('purging a document (DELETE /users/{id}/image)', () => {
  it('is for admins only, removes the file and the column, and is audited', async () => {
    const borrower = await borrowerWithPan();
    await sendForm(t, 'PUT', '/api/users/profile/me', borrower.headers, { pan_card: '' });
    const purge = (headers: Headers) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/users/${borrower.user.id}/image`,
        headers,
        payload: { field: 'pan_card' },
      });
    const agent = await createSignedInUser(t, { role: 'agent' });
    expect((await purge(agent.headers)).statusCode).toBe(403);
    expect((await purge(borrower.headers)).statusCode).toBe(403);
    const purged = await purge(await superadminHeaders(t));
    expect(purged.statusCode).toBe(200);
    expect(purged.json().user).toMatchObject({ pan_card: null, hidden_by_owner: [] });
    expect((await userRow(t, borrower.user.id))?.panCard).toBeNull();
    expect(await t.deps.storage.get(borrower.panCard)).toBeNull();
    expect(await auditActions(t, borrower.user.id)).toContain('user_image_deleted');
  });
});
