import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mail, Mailer } from '../mailer';

/** What every transport puts in a message besides the mail itself. */
const message = (from: string, mail: Mail) => ({ from, to: mail.to, subject: mail.subject, text: mail.text });

/** Mail through an SMTP server, `smtp://user:pass@host:port` (or `smtps://`). */
export const createSmtpMailer = (smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      try {
        await transport.sendMail(message(from, mail));
      } catch (error) {
        // The error is logged here because the caller may not wait for the delivery.
        log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent');
        throw error;
      }
    },
  };
};

/**
 * Development without SMTP_URL: every message becomes one `.eml` file in `dir`, to be opened in a
 * mail program (or read as text) to follow a reset link.
 */
export const createFileMailer = (dir: string, from: string, log: FastifyBaseLogger): Mailer => {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const { message: eml } = (await transport.sendMail(message(from, mail))) as { message: Buffer };
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      // Written aside, then renamed: whoever watches the folder only ever sees whole messages.
      const partial = path.join(dir, `.${name}.partial`);
      await fs.writeFile(partial, eml, { mode: 0o600 });
      await fs.rename(partial, path.join(dir, name));
      log.info({ to: mail.to, subject: mail.subject, file: name }, 'mail written to the mail folder');
    },
  };
};

/** Production without SMTP_URL: nothing can be sent, and callers are told so. */
export const createUnavailableMailer = (): Mailer => ({
  available: false,
  send: async () => {
    throw new Error('No mail transport: set SMTP_URL');
  },
});

export type MailSettings = {
  env: 'development' | 'production' | 'test';
  smtpUrl: string | undefined;
  dataDir: string;
  from: string;
};

/** SMTP when SMTP_URL is set; otherwise DATA_DIR/mail outside production, and no mail in production. */
export const createMailer = (settings: MailSettings, log: FastifyBaseLogger): Mailer => {
  if (settings.smtpUrl) return createSmtpMailer(settings.smtpUrl, settings.from, log);
  if (settings.env === 'production') {
    log.warn('SMTP_URL is not set: password reset is unavailable');
    return createUnavailableMailer();
  }
  const dir = path.join(settings.dataDir, 'mail');
  log.info({ dir }, 'SMTP_URL is not set: mail is written to files');
  return createFileMailer(dir, settings.from, log);
};
