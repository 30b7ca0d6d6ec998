import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../test/support/constants';
import { createSignedInUser, multipart, samples, signIn } from '../../test/support/factories';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { buildApp } from '../app';
import { registerAccessControl } from './access';

let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers health with ok when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('not found');
  });

  it('publishes an OpenAPI document listing the routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register',
        '/api/roles/permissions',
        '/api/health',
      ]),
    );
  });

  it('refuses to register an API route that declares no access rule', async () => {
    const bare = Fastify();
    registerAccessControl(bare, { db: t.db, clock: t.clock, sessionIdleHours: 12 });
    expect(() => bare.get('/api/open-door', async () => ({}))).toThrow(
      'Route GET /api/open-door declares no access rule',
    );
    expect(() => bare.get('/api/closed-door', { config: { access: {} } }, async () => ({}))).not.toThrow();
    await bare.close();
  });
});

describe('GET /api/roles/permissions and /api/roles', () => {
  it('serves the catalogue of resources × actions to admins', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/roles/permissions',
      headers: adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().resources).toEqual(expect.arrayContaining(['users', 'loans', 'emis', 'reports']));
    expect(response.json().actions).toEqual(['create', 'read', 'update', 'delete']);
  });

  it('lists the four seeded system roles', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/roles', headers: adminHeaders });
    const roles = response.json();
    expect(roles.map((role: { name: string }) => role.name)).toEqual([
      'superadmin',
      'admin',
      'agent',
      'user',
    ]);
    expect(roles.every((role: { is_system_role: boolean }) => role.is_system_role)).toBe(true);
    expect(roles.find((role: { name: string }) => role.name === 'admin').permissions).toContainEqual({
      resource: 'reports',
      actions: ['read'],
    });
  });

  it.each(['agent', 'user'])('refuses role %s with 403', async (role) => {
    const { headers } = await createSignedInUser(t, { role });
    const response = await t.app.inject({ method: 'GET', url: '/api/roles/permissions', headers });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You do not have permission to perform this action');
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/roles' })).statusCode).toBe(401);
  });
});

describe('signed file links', () => {
  const uploadOne = async () => {
    const body = await multipart(
      {
        name: 'File Owner',
        email: `owner${Date.now()}@example.com`,
        mobile: '9123456789',
        address: 'Pune',
        password: 'secret123',
      },
      { profile_pic: { data: samples.png, name: 'p.png' } },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
    return response.json().user.profile_pic as string;
  };

  it('refuses a tampered signature with 403', async () => {
    const url = await uploadOne();
    const tampered = url.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    const response = await t.app.inject({ method: 'GET', url: tampered });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This file link has expired or is invalid');
  });

  it('refuses an expired link with 403', async () => {
    const url = await uploadOne();
    t.clock.advance(16 * 60_000);
    try {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });

  it('refuses a longer expiry forged onto a real signature', async () => {
    const url = await uploadOne();
    const forged = url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 86_400}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });

  it('answers 404 for path-like keys and 400 without a signature', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/files/..%2F..%2Fetc%2Fpasswd?expires=1&signature=x' }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/abc.png' })).statusCode).toBe(400);
  });
});

describe('serving the web app', () => {
  it('answers index.html for app paths and JSON 404 for unknown API paths', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Lending</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const app = await buildApp({ deps: t.deps, webDistDir: dist });
    try {
      const deepLink = await app.inject({ method: 'GET', url: '/admin/loans?page=2' });
      expect(deepLink.statusCode).toBe(200);
      expect(deepLink.body).toContain('<title>Lending</title>');
      expect(deepLink.headers['content-security-policy']).toContain("default-src 'self'");
      const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.body).toBe('console.log(1)');
      const api = await app.inject({ method: 'GET', url: '/api/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ code: 'NOT_FOUND', message: 'Route GET /api/nope not found' });
      const post = await app.inject({ method: 'POST', url: '/admin/loans' });
      expect(post.statusCode).toBe(404);
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('ids beyond the database integer range', () => {
  it.each(['/api/users/99999999999', '/api/loans/99999999999', '/api/roles/99999999999'])(
    'answers %s with 400, not 500',
    async (url) => {
      const method = url.startsWith('/api/roles') ? 'DELETE' : 'GET';
      const response = await t.app.inject({ method, url, headers: adminHeaders });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid id');
    },
  );
});
