import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };

/** Outgoing mail; the default writes to the server log so a self-hosted lender can still reset passwords. */
export type Mailer = { send: (mail: Mail) => Promise<void> };

export const createLogMailer = (log: FastifyBaseLogger): Mailer => ({
  send: async (mail) => {
    log.info({ mail }, `mail to ${mail.to}: ${mail.subject}`);
  },
});
