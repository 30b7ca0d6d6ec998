import type { TSupportTicketForm } from './ticket-form';

const TICKETS_KEY = 'lending.support-tickets';
/** Only the latest tickets are kept; they are a record on this device, not a queue. */
const KEEP = 20;

/** Keeps a submitted ticket in the browser; throws when storage refuses (the form then says so). */
export const storeTicket = (ticket: TSupportTicketForm, at: Date): void => {
  const stored = JSON.parse(window.localStorage.getItem(TICKETS_KEY) ?? '[]') as unknown;
  const earlier = Array.isArray(stored) ? stored : [];
  const next = [{ ...ticket, submittedAt: at.toISOString() }, ...earlier].slice(0, KEEP);
  window.localStorage.setItem(TICKETS_KEY, JSON.stringify(next));
};
