import { isIsoDate } from '@lending/domain';

/** Pickers show dd/MM/yyyy; Mantine's dayjs format for it. */
export const PICKER_FORMAT = 'DD/MM/YYYY';

/** 'DD/MM/YYYY' (also with '-' or '.') or 'YYYY-MM-DD' typed into a picker → 'YYYY-MM-DD', or null. */
export const parsePickerDate = (input: string): string | null => {
  const value = input.trim();
  if (isIsoDate(value)) return value;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (match === null) return null;
  const [, d = '', m = '', y = ''] = match;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
};

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (filter chips). */
export const formatPickerDate = (iso: string): string => {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
};
