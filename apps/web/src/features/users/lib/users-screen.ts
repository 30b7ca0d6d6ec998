/** The users screen's constants. */
export const USERS_PAGE_SIZE = 12;
export const USERS_SEARCH_DEBOUNCE_MS = 400;
/** The admin reference picker loads this many users. */
export const REFERENCE_PICKER_LIMIT = 1000;

/** Local search of the agents' list: name or e-mail containing the term, ignoring case. */
export const matchesUserSearch = (user: { name: string; email: string }, term: string): boolean => {
  const needle = term.trim().toLowerCase();
  if (needle === '') return true;
  return user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
};

/**
 * Where a refused save's message also shows: one mentioning the reference customer
 * under the reference picker, one mentioning the mobile under the mobile field.
 */
export const saveErrorField = (message: string): 'reference_customer_id' | 'mobile' | null => {
  const text = message.toLowerCase();
  if (text.includes('reference customer')) return 'reference_customer_id';
  if (text.includes('mobile')) return 'mobile';
  return null;
};

/** A maps search for a position, opened in a new tab. */
export const mapsSearchUrl = (latitude: number, longitude: number): string =>
  `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;

/** The text the location modal's Copy button puts on the clipboard: 'lat, lng'. */
export const coordinatesText = (latitude: number, longitude: number): string => `${latitude}, ${longitude}`;
