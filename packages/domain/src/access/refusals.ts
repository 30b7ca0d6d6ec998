/**
 * Refusals of the access rules: who is signed in, who may do what, who may manage whom, and the
 * roles that carry permissions. The errors catalogue gives each its HTTP status.
 */
export const ACCESS_REFUSALS = {
  UNAUTHENTICATED:
    'No session: the call needs a bearer token, or the one sent is invalid, expired or revoked.',
  FORBIDDEN: "The caller's role or permissions do not allow this call.",
  INVALID_CREDENTIALS: 'The e-mail or the password is wrong (which one is not said).',
  ACCOUNT_INACTIVE: 'The password is right but the account is inactive.',
  ACCOUNT_LOCKED: 'Five failed sign-ins in a row for this account: locked for 15 minutes (see Retry-After).',
  TOO_MANY_ATTEMPTS:
    'Too many failed sign-ins, registrations or registration uploads from this client address: that address is refused for a while (see Retry-After).',
  RESET_TOKEN_INVALID: 'The password-reset token is unknown, used or expired.',
  CURRENT_PASSWORD_INCORRECT: 'The current password given to change it is wrong.',
  SUPERADMIN_PROTECTED: 'Only a superadmin may create, promote, edit or delete a superadmin.',
  CANNOT_CHANGE_OWN_ROLE: 'Nobody may change their own role.',
  CANNOT_DEACTIVATE_SELF: 'Nobody may deactivate their own account.',
  CANNOT_DELETE_SELF: 'Nobody may delete their own account.',
  ROLE_NAME_TAKEN: 'Another role has this name (names compare ignoring case and spaces).',
  SYSTEM_ROLE: 'System roles keep their names and cannot be deleted; the superadmin role stays active.',
  ROLE_IN_USE: 'The role is assigned to users and cannot be deleted.',
} as const;
/** A refusal code of the access rules. */
export type AccessRefusalCode = keyof typeof ACCESS_REFUSALS;
