import { type IsoDate, isIsoDate } from '@lending/domain';

/**
 * The report's range as the server takes it: 'YYYY-MM-DD HH:mm:ss' in Asia/Kolkata, from the start
 * of the first day to the end of the last.
 */
export const istDayRange = (
  from: IsoDate | null,
  to: IsoDate | null,
): { startDate?: string; endDate?: string } => ({
  ...(from !== null && isIsoDate(from) ? { startDate: `${from} 00:00:00` } : {}),
  ...(to !== null && isIsoDate(to) ? { endDate: `${to} 23:59:59` } : {}),
});
