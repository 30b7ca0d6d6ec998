/**
 * Messages: what reaches borrowers (docs/messages.md). Events write their messages to the outbox in
 * their own transaction (`receiptOutboxInsert`, `queueBounceNotice`, `queueLoanWelcome`,
 * `queueNotificationMessages`, `queueDayEndMessages`); every process's deliverer (`startDeliverer`) sends them at each channel's
 * pace; the log, templates, preferences and the providers' callbacks are its routes.
 */
export { type Deliverer, sendsInFlight, startDeliverer } from './deliverer';
export {
  queueBounceNotice,
  queueDayEndMessages,
  queueLoanWelcome,
  queueNotificationMessages,
  type ReceiptFacts,
  receiptOutboxInsert,
} from './outbox';
export { messageRoutes } from './routes';
export { messageTemplateRoutes } from './template-routes';
export { messageWebhookRoutes } from './webhook-routes';
