import { insertSession } from '../../src/platform/auth/session-repository';
import { newOpaqueToken, sha256 } from '../../src/platform/tokens';
import type { TestApp } from './test-app';

/**
 * Bearer headers of a session that outlives `days` days of the test clock, for tests that move the
 * clock across many business days with one sign-in.
 */
export const longSession = async (t: Pick<TestApp, 'db' | 'clock'>, userId: number, days = 200) => {
  const token = newOpaqueToken();
  const now = t.clock.now();
  await insertSession(t.db, {
    userId,
    accessTokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + days * 86_400_000),
    lastUsedAt: now,
    createdAt: now,
  });
  return { authorization: `Bearer ${token}` };
};
