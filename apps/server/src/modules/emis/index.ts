/**
 * EMIs: the EMI routes, and for the agents' collect the request checks and the receipt of a payment
 * just recorded (the money module's frame records it); the demo pays and bounces through the same services.
 */
export { COLLECTORS } from './access';
export { createEmiBounces } from './bounce-service';
export { createChargeClearing } from './charges-service';
export { collectedAtOf } from './checks';
export { createCreditCalls } from './credit-service';
export { createEmiPayments } from './pay-service';
export { recordedReceipt } from './receipt-service';
export { emiRoutes } from './routes';
