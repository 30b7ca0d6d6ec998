import { PAYMENT_MODES, type PaymentMode } from '../lending/types';
import type { TDayClose } from '../schemas/cash';
import { PAYMENT_MODE_LABELS } from '../web-rules/payment-modes';
import { paiseOfRupees, type ReportColumnSpec } from './columns';

/** The paise collected in `modes` on a closed day. */
const collectedIn = (close: TDayClose, modes: readonly PaymentMode[]) =>
  modes.reduce((sum, mode) => sum + paiseOfRupees(close.collected[mode]), 0);

/** What the CSV lists one by one, the screen shows as Cash, UPI and the rest. */
const SCREEN_OTHER_MODES = PAYMENT_MODES.filter((mode) => mode !== 'cash' && mode !== 'upi');
/** The PDF's narrower page has cash and everything else. */
const NON_CASH_MODES = PAYMENT_MODES.filter((mode) => mode !== 'cash');

/** The modes with a column of their own beyond the CSV, and its header there. */
const SHOWN_COLLECTED: Partial<Record<PaymentMode, { screen?: string; pdf?: string }>> = {
  cash: { screen: 'Cash', pdf: 'Cash in' },
  upi: { screen: 'UPI' },
};

/** A figure of the closed day, kept in rupees by the API, as a money column. */
const figure = (
  key: string,
  headers: ReportColumnSpec<TDayClose>['headers'],
  rupees: (close: TDayClose) => number,
): ReportColumnSpec<TDayClose> => ({ key, headers, paise: (close) => paiseOfRupees(rupees(close)) });

const collectedColumns = PAYMENT_MODES.map((mode) =>
  figure(
    `collected_${mode}`,
    { csv: `Collected ${PAYMENT_MODE_LABELS[mode]}`, ...SHOWN_COLLECTED[mode] },
    (close) => close.collected[mode],
  ),
);

/** A header the CSV, the screen and the PDF share. */
const everywhere = (header: string) => ({ csv: header, screen: header, pdf: header });

/**
 * The day-close report's columns: its CSV export's (every figure, rupees as plain numbers), its
 * screen's and its PDF's (landscape A4, so fewer and shorter headers).
 */
export const DAY_CLOSE_REPORT_COLUMNS: readonly ReportColumnSpec<TDayClose>[] = [
  {
    key: 'day',
    headers: { csv: 'Business Date', screen: 'Day', pdf: 'Day' },
    day: (close) => close.business_date,
  },
  { key: 'collector', headers: everywhere('Collector'), text: (close) => close.collector_name, typed: true },
  figure(
    'opening',
    { csv: 'Opening In Hand', screen: 'Opening', pdf: 'Opening' },
    (close) => close.opening_in_hand,
  ),
  ...collectedColumns,
  {
    key: 'otherModes',
    headers: { screen: 'Other Modes' },
    paise: (close) => collectedIn(close, SCREEN_OTHER_MODES),
  },
  { key: 'nonCash', headers: { pdf: 'Other modes' }, paise: (close) => collectedIn(close, NON_CASH_MODES) },
  figure('refunded', everywhere('Refunded'), (close) => close.refunded),
  figure(
    'handedOver',
    { csv: 'Handed Over', screen: 'Handed Over', pdf: 'Handed over' },
    (close) => close.handed_over,
  ),
  figure('received', { csv: 'Received', screen: 'Received' }, (close) => close.received),
  figure('difference', everywhere('Difference'), (close) => close.difference),
  figure(
    'carried',
    { csv: 'Carried In Hand', screen: 'Carried In Hand', pdf: 'Carried' },
    (close) => close.carried_in_hand,
  ),
  {
    key: 'closedBy',
    headers: { csv: 'Closed By', screen: 'Closed By', pdf: 'Closed by' },
    text: (close) => close.closed_by_name,
    typed: true,
  },
  { key: 'closedAt', headers: { csv: 'Closed At' }, text: (close) => close.closed_at },
  { key: 'note', headers: { csv: 'Note' }, text: (close) => close.note ?? '', typed: true },
];
