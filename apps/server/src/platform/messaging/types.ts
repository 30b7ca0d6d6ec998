export type MessageChannel = 'sms' | 'whatsapp' | 'email';

/** One rendered message to hand to a provider. */
export type OutgoingMessage = {
  /** Our own message key (e.g. "m-123"), sent as the provider's client reference where it takes one. */
  reference: string;
  channel: MessageChannel;
  /** sms/whatsapp: the borrower's 10-digit Indian mobile as stored ("9876543210"); email: the address. */
  to: string;
  language: 'en' | 'hi';
  /** E-mail subject (email only). */
  subject?: string;
  /** The rendered text. */
  text: string;
  /** sms: the DLT template id registered for this template; whatsapp: the approved template's name. Null when not set. */
  templateId: string | null;
  /** whatsapp: the template's body parameters, in the order they appear. */
  parameters: string[];
};

/** What a provider answered: sent (with its id), refused for good, or to be tried again later. */
export type SendResult =
  | { kind: 'sent'; providerMessageId: string | null }
  | { kind: 'rejected'; reason: string }
  | { kind: 'retry'; reason: string; retryAfterMs?: number };

export type MessageTransport = {
  channel: MessageChannel;
  /** 'gupshup' | 'whatsapp-cloud' | 'smtp' | 'files' | 'none' */
  provider: string;
  /** False when nothing can leave on this channel (production without the provider's settings). */
  configured: boolean;
  send: (message: OutgoingMessage) => Promise<SendResult>;
};

/** What a provider's callback tells us: a delivery status, or a borrower's reply (a STOP, say). */
export type ProviderEvent =
  | {
      kind: 'status';
      providerMessageId: string;
      status: 'sent' | 'delivered' | 'failed';
      reason: string | null;
      at: Date;
    }
  | { kind: 'reply'; from: string; text: string; at: Date };
