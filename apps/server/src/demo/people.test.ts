import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/support/factories';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { DEMO_PASSWORD, DEMO_PEOPLE, seedDemoData } from './people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo lender', () => {
  it('loads once, with agents owning their customers, and every account can sign in', async () => {
    expect(await seedDemoData(t.db)).toBe(true);
    expect(await seedDemoData(t.db)).toBe(false);
    const agent = DEMO_PEOPLE.find((person) => person.role === 'agent');
    const token = await signIn(t, agent?.email ?? '', DEMO_PASSWORD);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().user.role).toBe('agent');
    const customer = DEMO_PEOPLE.find((person) => person.role === 'user');
    const customerToken = await signIn(t, customer?.email ?? '', DEMO_PASSWORD);
    const customerMe = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${customerToken}` },
    });
    expect(customerMe.json().user.agent_id).toBe(me.json().user.id);
  });
});
