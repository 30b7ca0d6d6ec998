import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStorageKey } from '../../src/platform/storage/file-storage';
import { capturedLog } from '../support/captured-log';
import { TEST_ADMIN } from '../support/constants';
import { createSignedInUser, samples, signIn } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const web = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-web-'));
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
fs.mkdirSync(path.join(web, 'assets'));
fs.writeFileSync(path.join(web, 'index.html'), INDEX);
fs.writeFileSync(path.join(web, 'assets', 'index-Ab12Cd34.js'), SCRIPT);

let lan: TestApp;
let proxied: TestApp;
const captured = capturedLog('info');

beforeAll(async () => {
  lan = await createTestApp({ app: { webDistDir: web } });
  proxied = await createTestApp({
    log: captured.log,
    app: { webDistDir: web, trustProxy: ['127.0.0.1'] },
  });
});
afterAll(async () => {
  await lan.close();
  await proxied.close();
  fs.rmSync(web, { recursive: true, force: true });
});

/** The CSP as directive → sources. */
const cspOf = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );

describe('every answer', () => {
  it('carries a CSP with no inline or evaluated script, no framing, and nosniff and referrer rules', async () => {
    const bearer = { authorization: `Bearer ${await signIn(lan, TEST_ADMIN.email, TEST_ADMIN.password)}` };
    const answers = {
      json: await lan.app.inject({ method: 'GET', url: '/api/roles', headers: bearer }),
      refusal: await lan.app.inject({ method: 'GET', url: '/api/roles' }),
      unknownApi: await lan.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      page: await lan.app.inject({ method: 'GET', url: '/admin/loans' }),
      asset: await lan.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' }),
    };
    expect(answers.refusal.statusCode).toBe(401);
    for (const [what, response] of Object.entries(answers)) {
      const csp = cspOf(response.headers['content-security-policy']);
      expect(csp.get('script-src'), what).toEqual(["'self'"]);
      expect(csp.get('default-src'), what).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
      expect(csp.get('object-src'), what).toEqual(["'none'"]);
      expect(csp.get('base-uri'), what).toEqual(["'self'"]);
      // Styles only: Mantine writes style attributes at run time (docs/SECURITY.md).
      expect(csp.get('style-src'), what).toEqual(["'self'", "'unsafe-inline'"]);
      for (const [directive, sources] of csp) {
        expect(sources, `${what} ${directive}`).not.toContain("'unsafe-eval'");
        if (!directive.startsWith('style-src'))
          expect(sources, `${what} ${directive}`).not.toContain("'unsafe-inline'");
      }
      expect(response.headers['x-content-type-options'], what).toBe('nosniff');
      expect(response.headers['x-frame-options'], what).toBe('DENY');
      expect(response.headers['referrer-policy'], what).toBe('no-referrer');
      expect(response.headers['x-powered-by'], what).toBeUndefined();
    }
  });
});

describe('HSTS and upgrade-insecure-requests', () => {
  it('are not sent over plain http (a LAN install)', async () => {
    for (const url of ['/api/health', '/', '/loans']) {
      const response = await lan.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      expect(response.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('are not believed from a client that is not a trusted proxy', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    const direct = await lan.app.inject({ method: 'GET', url: '/api/health', headers: forwarded });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const stranger = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: forwarded,
      remoteAddress: '198.51.100.9',
    });
    expect(stranger.headers['strict-transport-security']).toBeUndefined();
  });

  it('are sent when a trusted proxy says the client came over https, and its client address is used', async () => {
    const response = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.77' },
    });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(captured.text()).toContain('"remoteAddress":"203.0.113.77"');
  });
});

describe('the SPA’s files', () => {
  it('keeps hashed assets for a year and revalidates index.html and the fallback', async () => {
    const asset = await lan.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/index.html', '/admin/loans', '/']) {
      const page = await lan.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses answers over 1 KB with br or gzip when the client accepts it', async () => {
    const br = await lan.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await lan.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX);

    const admin = { authorization: `Bearer ${await signIn(lan, TEST_ADMIN.email, TEST_ADMIN.password)}` };
    const json = await lan.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: { ...admin, 'accept-encoding': 'gzip' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(json.rawPayload).toString())).toBeTruthy();

    const small = await lan.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await lan.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe('documents through signed links', () => {
  it('are never stored by a cache', async () => {
    const key = newStorageKey('image/png');
    await lan.deps.storage.put(key, Buffer.from(samples.png), 'image/png');
    const response = await lan.app.inject({
      method: 'GET',
      url: lan.deps.signer.sign(key, lan.clock.now().getTime()),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('API documentation', () => {
  it('is public by default (outside production)', async () => {
    const response = await lan.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
  });

  it('is for admins only with API_DOCS=staff, and not served with API_DOCS=off', async () => {
    const staff = await createTestApp({ app: { apiDocs: 'staff' } });
    const off = await createTestApp({ app: { apiDocs: 'off' } });
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        expect((await staff.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      }
      const agent = await createSignedInUser(staff, { role: 'agent' });
      const admin = await createSignedInUser(staff, { role: 'admin' });
      const asAgent = await staff.app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: agent.headers,
      });
      expect(asAgent.statusCode).toBe(403);
      const asAdmin = await staff.app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: admin.headers,
      });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json().openapi).toMatch(/^3\./);
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await staff.close();
      await off.close();
    }
  });
});
