import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

/** Every time the back-office shows is in India. */
export const APP_TIMEZONE = 'Asia/Kolkata';
dayjs.tz.setDefault(APP_TIMEZONE);

/** A moment (ISO string, Date or epoch ms) in Asia/Kolkata. */
export const inIst = (moment: string | number | Date): dayjs.Dayjs => dayjs(moment).tz(APP_TIMEZONE);

export { dayjs };
