import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let real: TestApp;
let pinned: TestApp;
beforeAll(async () => {
  real = await createTestApp();
  pinned = await createTestApp({ businessDate: '2026-03-31' });
});
afterAll(async () => {
  await real.close();
  await pinned.close();
});

describe('GET /api/clock', () => {
  it("answers the server's IST business day", async () => {
    const { headers } = await createSignedInUser(real);
    // The test clock stands at 2026-11-21T06:30Z, which is noon in Kolkata.
    const response = await real.app.inject({ method: 'GET', url: '/api/clock', headers });
    expect(response.json()).toEqual({
      today: '2026-11-21',
      now: '2026-11-21T06:30:00.000Z',
      time_zone: 'Asia/Kolkata',
      pinned: false,
    });
  });

  it('answers the pinned day when BUSINESS_DATE is set', async () => {
    const { headers } = await createSignedInUser(pinned);
    const response = await pinned.app.inject({ method: 'GET', url: '/api/clock', headers });
    expect(response.json()).toMatchObject({ today: '2026-03-31', pinned: true });
  });

  it('is the IST date, not the UTC one, late in the evening UTC', async () => {
    const { headers } = await createSignedInUser(real);
    real.clock.set(new Date('2026-11-21T20:00:00Z'));
    const response = await real.app.inject({ method: 'GET', url: '/api/clock', headers });
    expect(response.json().today).toBe('2026-11-22');
  });

  it('refuses anonymous callers', async () => {
    expect((await real.app.inject({ method: 'GET', url: '/api/clock' })).statusCode).toBe(401);
  });
});
