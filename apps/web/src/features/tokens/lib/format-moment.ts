import { inIst } from '../../../lib/dayjs';

/** A moment in Asia/Kolkata as 'DD-MMM-YYYY hh:mm A'; '-' when absent. */
export const formatMoment = (moment: string | null): string =>
  moment === null ? '-' : inIst(moment).format('DD-MMM-YYYY hh:mm A');
