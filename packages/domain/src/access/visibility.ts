import { normalizeRoleName } from './roles';
import type { ScopeCaller } from './scopes';

/**
 * What a viewer may see of another user: `contact` is the e-mail, mobile, address and documents
 * (without it only the id and name remain), `location` the shared position (latitude, longitude,
 * accuracy and when it was taken).
 */
export type UserView = { contact: boolean; location: boolean };

/** The part of a user the rule reads: who they are and whose customer. */
export type ViewedUser = { id: number; agentId: number | null };

const roleOf = (viewer: ScopeCaller) => normalizeRoleName(viewer.role);

/**
 * What role X may see of user Y:
 * - everyone sees all of themselves (their own position is what they shared in their profile);
 * - a superadmin sees everything of everyone, the only one who sees other people's positions;
 * - an admin sees every user's contact details, never their position;
 * - an agent sees the contact details of their own customers (whose agent they are); anyone else,
 *   such as a customer's reference from another book, is a name only;
 * - a borrower or a custom role sees others as a name only.
 */
export const userViewFor = (viewer: ScopeCaller, subject: ViewedUser): UserView => {
  if (viewer.id === subject.id) return { contact: true, location: true };
  const role = roleOf(viewer);
  if (role === 'superadmin') return { contact: true, location: true };
  if (role === 'admin') return { contact: true, location: false };
  if (role === 'agent') return { contact: subject.agentId === viewer.id, location: false };
  return { contact: false, location: false };
};

/** The role every customer (borrower) holds: the only one an agent gives. */
export const CUSTOMER_ROLE = 'user';

/**
 * What GET /roles answers a caller, or null when it refuses them: a superadmin every role with its
 * permissions (the role editor); an admin every role's id and name (the role filter and the user
 * form; the permission matrix is the superadmin's business); an agent only the role they may give,
 * the customers'; anyone else nothing.
 */
export type RoleListView = { permissions: boolean; only: readonly string[] | null };

export const roleListViewFor = (viewer: ScopeCaller): RoleListView | null => {
  const role = roleOf(viewer);
  if (role === 'superadmin') return { permissions: true, only: null };
  if (role === 'admin') return { permissions: false, only: null };
  if (role === 'agent') return { permissions: false, only: [CUSTOMER_ROLE] };
  return null;
};

/** The reference-customer picker: the most matches a search answers to anyone but staff. */
export const PICKER_SEARCH_LIMIT = 20;
/** ... and the fewest characters such a search needs. */
export const PICKER_SEARCH_MIN_CHARS = 2;

/**
 * The reference-customer picker: admins and superadmins browse it with full e-mails; everyone else
 * (anonymous visitors, borrowers, agents, custom roles) must search and sees e-mails masked, so the
 * customer list cannot be scraped.
 */
export const pickerViewFor = (viewer: ScopeCaller | null): 'staff' | 'search' => {
  const role = viewer ? roleOf(viewer) : '';
  return role === 'admin' || role === 'superadmin' ? 'staff' : 'search';
};

/** 'ravi.kumar@example.com' → 'ra•••@example.com' */
export const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}•••@${domain}`;
};
