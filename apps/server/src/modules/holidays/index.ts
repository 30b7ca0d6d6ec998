/**
 * Holidays: the lender's holiday list, which product loans' schedules skip; declaring one moves the
 * pending instalments it reaches. Loans and products read a loan's calendar through `collectionCalendarOf`.
 */
export { holidayMove, holidayMoveRunner } from './move-job';
export { holidayRoutes } from './routes';
export { collectionCalendarOf, createHolidays, skippedHolidays } from './service';
