import { inIst } from '../../../lib/dayjs';

const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** A file size as people read it: '512 bytes', '1.5 KB', '48.2 MB'; '-' when unknown. */
export const formatFileSize = (bytes: number | null | undefined): string => {
  if (bytes === null || bytes === undefined) return '-';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
};

/** An ISO moment in Asia/Kolkata, 'DD-MM-YYYY hh:mm A'; '-' when absent. */
export const formatMoment = (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '-' : inIst(value).format('DD-MM-YYYY hh:mm A');
