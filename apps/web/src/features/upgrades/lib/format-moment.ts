import { inIst } from '../../../lib/dayjs';

/** A moment in Asia/Kolkata as 'DD-MMM-YYYY hh:mm A'. */
export const formatDateTime = (moment: string): string => inIst(moment).format('DD-MMM-YYYY hh:mm A');
