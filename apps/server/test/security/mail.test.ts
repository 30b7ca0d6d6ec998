import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/platform/mail/transports';
import { changePassword, createSignedInUser, createUser, signIn } from '../support/factories';
import { freePort } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';

const silent = pino({ level: 'silent' });

/** A real SMTP server in this process that keeps what it receives. */
const startSmtpServer = async (user: string, pass: string) => {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth: (auth, _session, done) =>
      auth.username === user && auth.password === pass
        ? done(null, { user: auth.username })
        : done(new Error('Invalid username or password')),
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString(),
        });
        done();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** The text of a mail as written: quoted-printable soft breaks and escapes undone when it is so encoded. */
const decoded = (raw: string) =>
  /^Content-Transfer-Encoding: quoted-printable/im.test(raw)
    ? raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : raw;

const tokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

const waitFor = async <T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const forgot = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (t: TestApp, token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

describe('password reset through SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer('mailer', 's3cret-pass');
    const mailer = createMailer(
      {
        env: 'production',
        smtpUrl: `smtp://mailer:s3cret-pass@127.0.0.1:${smtp.port}`,
        dataDir: os.tmpdir(),
        from: 'no-reply@lender.example',
      },
      silent,
    );
    t = await createTestApp({ mailer });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the link to the SMTP server, and the link resets the password', async () => {
    const user = await createUser(t.db);
    const response = await forgot(t, user.email);
    expect(response.statusCode).toBe(200);
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(user.email)));
    expect(mail.from).toBe('no-reply@lender.example');
    expect(mail.data).toMatch(/^Subject: Reset your password/m);
    const token = tokenIn(decoded(mail.data));
    expect(token.length).toBeGreaterThan(20);
    expect((await reset(t, token, 'through-smtp-1')).statusCode).toBe(200);
    await expect(signIn(t, user.email, 'through-smtp-1')).resolves.toBeTruthy();
  });
});

describe('without SMTP_URL', () => {
  it('writes each mail to DATA_DIR/mail as an .eml file outside production', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-mail-'));
    const mailer = createMailer(
      { env: 'development', smtpUrl: undefined, dataDir, from: 'no-reply@lender.example' },
      silent,
    );
    const t = await createTestApp({ mailer });
    try {
      const user = await createUser(t.db);
      expect((await forgot(t, user.email)).statusCode).toBe(200);
      const dir = path.join(dataDir, 'mail');
      const files = await waitFor(() => {
        const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
        return names.length > 0 ? names : undefined;
      });
      expect(files).toHaveLength(1);
      expect(fs.readdirSync(dir)).toEqual(files);
      const eml = fs.readFileSync(path.join(dir, files[0] ?? ''), 'utf8');
      expect(eml).toMatch(new RegExp(`^To: ${user.email}`, 'm'));
      expect((await reset(t, tokenIn(decoded(eml)), 'from-a-file-1')).statusCode).toBe(200);
    } finally {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 in production, with a clear message', async () => {
    const mailer = createMailer(
      { env: 'production', smtpUrl: undefined, dataDir: os.tmpdir(), from: 'x@y.z' },
      silent,
    );
    const t = await createTestApp({ mailer });
    try {
      const user = await createUser(t.db);
      const response = await forgot(t, user.email);
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toContain('no mail server configured');
    } finally {
      await t.close();
    }
  });
});

describe('reset tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const lastToken = () => tokenIn(t.sent.at(-1)?.text ?? '');

  it('keeps one live token per user: a new request ends the older one', async () => {
    const user = await createUser(t.db);
    await forgot(t, user.email);
    const first = lastToken();
    await forgot(t, user.email);
    const second = lastToken();
    expect(second).not.toBe(first);
    expect((await reset(t, first, 'first-link-1')).statusCode).toBe(400);
    expect((await reset(t, second, 'second-link-1')).statusCode).toBe(200);
  });

  it('ends an outstanding token when the password is changed', async () => {
    const { user, headers } = await createSignedInUser(t);
    await forgot(t, user.email);
    const token = lastToken();
    const change = await changePassword(t, user, headers, 'changed-pass-1');
    expect(change.statusCode).toBe(200);
    expect((await reset(t, token, 'too-late-1')).statusCode).toBe(400);
  });

  it('answers an unknown address exactly as a known one, sending nothing', async () => {
    const user = await createUser(t.db);
    const before = t.sent.length;
    const known = await forgot(t, user.email);
    const unknown = await forgot(t, 'nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(t.sent.length).toBe(before + 1);
  });
});
