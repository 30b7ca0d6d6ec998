import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };

/**
 * Outgoing mail. `available: false` means no mail can leave (production without SMTP_URL): a call
 * that only exists to send mail answers 503 instead of pretending.
 */
export type Mailer = { send: (mail: Mail) => Promise<void>; available?: boolean };

/** Notes that a mail was due without its text: a reset link in a log is a credential in a log. */
export const createLogMailer = (log: FastifyBaseLogger): Mailer => ({
  send: async (mail) => {
    log.info({ to: mail.to, subject: mail.subject }, 'mail not sent: no mail transport configured');
  },
});
