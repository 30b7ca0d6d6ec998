import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MessageChannel, MessageTransport, OutgoingMessage } from './types';

export type FileTransportLog = { info: (details: object, message: string) => void };

/**
 * Development without a provider: each message becomes one text file in `dir`, so whoever works on
 * reminders reads what a borrower would have received (template id and parameters included, which
 * are what a provider checks) without an account anywhere.
 */
export const createFileTransport = (
  channel: MessageChannel,
  dir: string,
  log?: FileTransportLog,
): MessageTransport => ({
  channel,
  provider: 'files',
  configured: true,
  send: async (message) => {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${safeName(message.reference)}-${randomUUID().slice(0, 8)}.txt`;
    // Written aside, then renamed: whoever watches the folder only ever sees whole messages.
    const partial = path.join(dir, `.${name}.partial`);
    await fs.writeFile(partial, fileText(message), { encoding: 'utf8', mode: 0o600 });
    await fs.rename(partial, path.join(dir, name));
    log?.info(
      { channel, reference: message.reference, file: name },
      'message written to the messages folder',
    );
    return { kind: 'sent', providerMessageId: name };
  },
});

/** A reference as a file name's part: anything but letters, digits, `-` and `_` becomes `_`. */
const safeName = (reference: string) => reference.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60) || 'message';

const fileText = (message: OutgoingMessage) =>
  [
    `reference: ${message.reference}`,
    `channel: ${message.channel}`,
    `to: ${message.to}`,
    `language: ${message.language}`,
    ...(message.subject === undefined ? [] : [`subject: ${message.subject}`]),
    `template id: ${message.templateId ?? '(none)'}`,
    `parameters: ${JSON.stringify(message.parameters)}`,
    '',
    message.text,
    '',
  ].join('\n');
