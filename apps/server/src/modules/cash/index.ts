/** Cash custody: cash in hand, handovers, day closes, and the closed-day guard of the payment path. */
export { cashRoutes } from './routes';
export { assertCashDayOpen, createCash } from './service';
