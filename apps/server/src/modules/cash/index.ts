/** Cash custody: cash in hand, handovers, day closes, and the closed-day guard of the payment path. */

export { cashDayOpenColumn } from './repository';
export { cashRoutes } from './routes';
export { assertCashDayOpen, cashDayClosed, createCash } from './service';
