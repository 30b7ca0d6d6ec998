import { describe, expect, it } from 'vitest';
import { startServerProcess, waitUntilUp } from '../support/server-process';

const refusedStart = async (env: Record<string, string>) => {
  const server = await startServerProcess({ NODE_ENV: 'production', ...env });
  const code = await Promise.race([
    server.exited,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 45_000)),
  ]);
  const output = server.output();
  await server.stop();
  return { code, output };
};

describe('starting with NODE_ENV=production', () => {
  it.each([
    ['ADMIN_PASSWORD unset', {}, 'ADMIN_PASSWORD must be set to your own password'],
    ['ADMIN_PASSWORD=admin123', { ADMIN_PASSWORD: 'admin123' }, 'not the default admin123'],
    ['DEMO_DATA=1', { ADMIN_PASSWORD: 'own-secret-9', DEMO_DATA: '1' }, 'DEMO_DATA is refused'],
  ])(
    'refuses with %s: a clear message and a non-zero exit',
    async (_label, env, message) => {
      const { code, output } = await refusedStart(env);
      expect(code, output).not.toBe('still running');
      expect(code).not.toBe(0);
      expect(output).toContain(message);
      expect(output).not.toMatch(/^\s+at /m);
    },
    60_000,
  );

  it('prints the superadmin e-mail on the first start, never the password', async () => {
    const password = 'own-secret-very-private';
    const server = await startServerProcess({
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'owner@lender.example',
      ADMIN_PASSWORD: password,
    });
    try {
      await waitUntilUp(server);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.output()).toContain('owner@lender.example');
      expect(server.output()).not.toContain(password);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
