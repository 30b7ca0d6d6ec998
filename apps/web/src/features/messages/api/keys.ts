/** The message queries' keys: a retry refreshes the log, a loan's messages and the channels' queues at once. */
export const messagesKey = ['messages'] as const;

export const messageKeys = {
  list: [...messagesKey, 'list'] as const,
  channels: [...messagesKey, 'channels'] as const,
  templates: ['message-templates'] as const,
  // Apart from the templates: a saved template leaves the previews already made as they are.
  preview: ['message-template-previews'] as const,
  preferences: ['profile', 'me', 'messages'] as const,
  // Under the loans' key: a payment (which refreshes ['loans']) changes what is due, so the link follows.
  upi: (loanId: number) => ['loans', loanId, 'upi'] as const,
};
