/** Why a call on messages, templates or message preferences is refused. */
export const MESSAGE_REFUSALS = {
  MESSAGE_NOT_FOUND: 'No message has that id.',
  MESSAGE_NOT_RETRYABLE: 'Only a failed message can be sent again.',
  MESSAGE_TEMPLATE_VARIABLE: 'The template uses a variable this event does not offer.',
  MESSAGE_WEBHOOK_SIGNATURE: "The callback's signature does not match the provider's secret.",
  RECEIPT_LINK_INVALID: 'This receipt link is not valid or has expired.',
} as const;
/** A refusal code of messages. */
export type MessageRefusalCode = keyof typeof MESSAGE_REFUSALS;
