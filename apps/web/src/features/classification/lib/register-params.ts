import { isIsoDate, REGISTER_CLASSES } from '@lending/domain';

/** A class the register can be narrowed to, or '' for all of them. */
export type TRegisterClassFilter = (typeof REGISTER_CLASSES)[number] | '';

/** The register's filters as the address bar keeps them ('' for none), so Back returns to the same view. */
export type TRegisterFilters = {
  /** The closed business day, YYYY-MM-DD; '' is the latest close. */
  date: string;
  loanClass: TRegisterClassFilter;
  /** The agent's id as text; '' for every agent. */
  agentId: string;
  /** Only the loans whose class changed at that close. */
  changed: boolean;
};

/** No filter: the latest close, every class, every agent, every loan. */
export const EMPTY_REGISTER_FILTERS: TRegisterFilters = {
  date: '',
  loanClass: '',
  agentId: '',
  changed: false,
};

const wholeNumber = (value: string | null): number | null => {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
};

/** The filters and page of `?date=&loanClass=&agentId=&changed=true&page=`; anything unknown reads as none. */
export const readRegisterParams = (params: URLSearchParams): { filters: TRegisterFilters; page: number } => {
  const date = params.get('date') ?? '';
  const loanClass = REGISTER_CLASSES.find((value) => value === params.get('loanClass')) ?? '';
  const agentId = wholeNumber(params.get('agentId'));
  return {
    filters: {
      date: isIsoDate(date) ? date : '',
      loanClass,
      agentId: agentId === null ? '' : String(agentId),
      changed: params.get('changed') === 'true',
    },
    page: wholeNumber(params.get('page')) ?? 1,
  };
};

/** The filters as the server's query takes them: blank ones left out, `changed` only when asked. */
export const registerQuery = (filters: TRegisterFilters): Record<string, string> => {
  const query: Record<string, string> = {};
  if (filters.date !== '') query.date = filters.date;
  if (filters.loanClass !== '') query.loanClass = filters.loanClass;
  if (filters.agentId !== '') query.agentId = filters.agentId;
  if (filters.changed) query.changed = 'true';
  return query;
};

/** The address bar's parameters for these filters and page (page 1 left out). */
export const registerParams = (filters: TRegisterFilters, page: number): Record<string, string> =>
  page > 1 ? { ...registerQuery(filters), page: String(page) } : registerQuery(filters);
