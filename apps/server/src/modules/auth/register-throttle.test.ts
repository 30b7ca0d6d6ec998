import { describe, expect, it } from 'vitest';
import { multipart, samples } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { DEFAULT_REGISTRATION_LIMITS } from './registration-throttle';

let sequence = 0;
const register = async (t: TestApp, ip: string, files: Parameters<typeof multipart>[1] = {}) => {
  sequence += 1;
  const body = await multipart(
    {
      name: 'Ravi Kumar',
      email: `ravi.throttle${sequence}@example.com`,
      mobile: '9876543210',
      address: '12 MG Road, Pune',
      password: 'secret123',
    },
    files,
  );
  return t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: ip, ...body });
};

/** A file of the kind given, padded to `bytes`. */
const padded = (kind: 'gif' | 'pdf', bytes: number) => {
  const data = new Uint8Array(bytes);
  data.set(samples[kind]);
  return { data, name: `file.${kind}` };
};

describe('registration throttling per client address', () => {
  it('takes 10 registrations an hour, then answers 429 with Retry-After to that address only', async () => {
    expect(DEFAULT_REGISTRATION_LIMITS.perHour).toBe(10);
    const t = await createTestApp({ registrationLimits: DEFAULT_REGISTRATION_LIMITS });
    try {
      for (let i = 0; i < 10; i += 1) expect((await register(t, '10.1.1.1')).statusCode).toBe(200);
      const refused = await register(t, '10.1.1.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await register(t, '10.1.1.2')).statusCode).toBe(200);
      t.clock.advance(3_600_000 + 1000);
      expect((await register(t, '10.1.1.1')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("caps a client's uploaded bytes per hour", async () => {
    const t = await createTestApp({ registrationLimits: { bytesPerHour: 3_000_000 } });
    try {
      const first = await register(t, '10.2.2.2', {
        profile_pic: padded('gif', 1_400_000),
        bank_check: padded('pdf', 1_400_000),
      });
      expect(first.statusCode).toBe(200);
      const over = await register(t, '10.2.2.2', { bank_check: padded('pdf', 1_000_000) });
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(over.headers['retry-after']).toBeDefined();
      expect((await register(t, '10.2.2.3', { bank_check: padded('pdf', 1_000_000) })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
