/**
 * Refusals of a form's input that its schema cannot decide alone (they need stored data or the URL);
 * the errors catalogue gives each its HTTP status.
 */
export const FORM_REFUSALS = {
  EMAIL_TAKEN: 'Another user has this e-mail address.',
  EMAIL_UNCHANGEABLE: 'A profile cannot change its e-mail address.',
  MOBILE_UNCHANGEABLE: 'A profile cannot change its mobile number.',
  ROLE_NOT_FOUND: 'The role chosen does not exist.',
  REFERENCE_CUSTOMER_NOT_FOUND: 'The reference customer chosen does not exist.',
  SELF_REFERENCE: 'A user cannot be their own reference customer.',
  AGENT_NOT_FOUND: 'The assigned agent does not exist or is not an agent.',
  USER_HAS_LOANS: 'The user has loans (as customer, agent or recorder) and cannot be deleted.',
  AGENT_QR_NOT_ALLOWED: 'Only agents, admins and superadmins can have an agent QR code.',
  CUSTOMER_NOT_FOUND: 'The customer chosen for a loan does not exist or is not a borrower.',
  CUSTOMER_INACTIVE: 'A new loan cannot be lent to an inactive customer.',
  BODY_PATH_MISMATCH: 'A loan id or EMI number in the body differs from the one in the URL.',
  RECIPIENT_NOT_FOUND: 'A recipient of a notification does not exist.',
} as const;
/** A refusal code of form input. */
export type FormRefusalCode = keyof typeof FORM_REFUSALS;
