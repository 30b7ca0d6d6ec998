import { formatDdMmYyyy, formatRupees, isIsoDate, type Paise, parseRupees } from '@lending/domain';
import { inIst } from './dayjs';

/**
 * A rupee amount from the API in paise, for display only: an amount that is not one (never sent by
 * the server) shows as '₹-' instead of breaking the screen.
 */
export const displayPaise = (rupees: number | null | undefined): Paise => {
  const parsed = parseRupees(rupees ?? 0);
  return parsed.ok ? parsed.paise : Number.NaN;
};

/** A rupee amount from the API as tables show it: '₹1,23,456' (no decimals). */
export const formatMoney = (rupees: number | null | undefined): string => formatRupees(displayPaise(rupees));

/** A rupee amount with paise, for money dialogs, limits and receipts: '₹1,23,456.50'. */
export const formatMoneyExact = (rupees: number | null | undefined): string =>
  formatRupees(displayPaise(rupees), 2);

/** 'YYYY-MM-DD' → 'DD-MM-YYYY'; an ISO moment → its Asia/Kolkata day so; '-' when absent. */
export const formatDate = (value: string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '-';
  if (isIsoDate(value)) return formatDdMmYyyy(value);
  const moment = inIst(value);
  return moment.isValid() ? moment.format('DD-MM-YYYY') : value;
};

const EMI_STATUS_COLORS: Record<string, string> = {
  paid: 'green',
  partial: 'orange',
  bounced: 'red',
  foreclosed: 'gray',
  pending: 'yellow',
};

/** The badge colour of an EMI status. */
export const emiStatusColor = (status: string): string => EMI_STATUS_COLORS[status] ?? 'gray';

/** 'agent' → 'Agent': role names with the first letter capitalised. */
export const roleLabel = (name: string): string =>
  name === '' ? '' : `${name[0]?.toUpperCase()}${name.slice(1)}`;
