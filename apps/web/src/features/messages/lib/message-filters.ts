import {
  type IsoDate,
  isIsoDate,
  MESSAGE_CHANNELS,
  MESSAGE_EVENTS,
  MESSAGE_STATUSES,
  messageMessages,
} from '@lending/domain';
import type { TListFiltersOptions } from '../../../lib/use-list-filters';

/** The log's filters as typed, '' for any; from/to are 'YYYY-MM-DD' days of Asia/Kolkata. */
export type TMessageFilters = {
  channel: string;
  status: string;
  event: string;
  search: string;
  from: string;
  to: string;
};

export const NO_MESSAGE_FILTERS: TMessageFilters = {
  channel: '',
  status: '',
  event: '',
  search: '',
  from: '',
  to: '',
};

/** Typing a borrower's name waits this long before the log asks again (as the other lists do). */
export const MESSAGE_SEARCH_DEBOUNCE_MS = 500;

const CHOICES: Partial<Record<keyof TMessageFilters, readonly string[]>> = {
  channel: MESSAGE_CHANNELS,
  status: MESSAGE_STATUSES,
  event: MESSAGE_EVENTS,
};

/** Whether a value from the address bar fits its filter: a blank date is kept (no bound), a wrong one is not. */
const acceptsUrl = (key: keyof TMessageFilters, value: string): boolean => {
  if (key === 'from' || key === 'to') return value === '' || isIsoDate(value);
  const choices = CHOICES[key];
  return choices === undefined || choices.includes(value);
};

/**
 * The log opens on today's business day; the address bar may say otherwise (a link, a reload), and
 * the borrower search waits until typing stops. A From after To is never asked for.
 */
export const messageFilterOptions = (
  today: IsoDate,
): Omit<TListFiltersOptions<TMessageFilters>, 'onApply'> => ({
  blank: NO_MESSAGE_FILTERS,
  initial: { ...NO_MESSAGE_FILTERS, from: today, to: today },
  urlKeys: Object.keys(NO_MESSAGE_FILTERS) as (keyof TMessageFilters)[],
  acceptsUrl,
  debounced: ['search'],
  debounceMs: MESSAGE_SEARCH_DEBOUNCE_MS,
  refusal: ({ from, to }) => (from !== '' && to !== '' && from > to ? messageMessages.range : null),
});

/**
 * The address bar's parameters for the applied filters: blank choices left out; a cleared date is
 * written blank (`from=`), since a missing one means today's.
 */
export const messageParamsOf = (filters: TMessageFilters): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).filter(([key, value]) => value !== '' || key === 'from' || key === 'to'),
  );
