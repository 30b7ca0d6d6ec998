/**
 * EMIs: the EMI routes, and the frame of a money call for the agents' collect (run it, store the
 * outcome, record each payment as POST /emi/pay does); the demo pays and bounces through the same services.
 */
export { COLLECTORS } from './access';
export { createEmiBounces } from './bounce-service';
export { createChargeClearing } from './charges-service';
export { createCreditCalls } from './credit-service';
export { bookLedger, collectedAtOf, refusalError, runMoneyCall, storeOutcome } from './money-call';
export { createEmiPayments, recordPayment } from './pay-service';
export { emiRoutes } from './routes';
