import type { Mailer } from '../mailer';
import type { MessageTransport } from './types';

/**
 * E-mail through the platform's mailer (SMTP, the mail folder, or none). A failure is a reason to
 * try again: an SMTP server that refuses now usually takes the message later, and a refusal for
 * good (a bad address) is rare enough to be seen in the retries' reasons.
 */
export const createEmailTransport = (mailer: Mailer, provider = 'smtp'): MessageTransport => ({
  channel: 'email',
  provider,
  configured: mailer.available !== false,
  send: async (message) => {
    try {
      await mailer.send({ to: message.to, subject: message.subject ?? '', text: message.text });
      return { kind: 'sent', providerMessageId: null };
    } catch (error) {
      // The message only: a stack names our files and is no use to whoever reads a delivery's reason.
      const reason = error instanceof Error && error.message ? error.message : 'the mail could not be sent';
      return { kind: 'retry', reason };
    }
  },
});
