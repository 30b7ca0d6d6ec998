/** Token (session) management: page size, the typed confirmation, labels and messages. */

export const TOKEN_PAGE_SIZE = 20;
/** Toasts on the token page close after 1 s. */
export const TOKEN_TOAST_MS = 1_000;

/** Remove All Tokens goes ahead only when exactly this is typed. */
export const REMOVE_ALL_CONFIRMATION = 'REMOVE ALL TOKENS';

export const tokenMessages = {
  fetchFailed: 'Failed to fetch tokens',
  revokeFailed: 'Failed to revoke token',
  cleanupFailed: 'Failed to cleanup tokens',
  removeAllFailed: 'Failed to remove all tokens',
  detailsFailed: 'Failed to fetch token details',
  removeAllCancelled: 'Operation cancelled. You must type the exact confirmation text.',
} as const;

/** Whether a typed confirmation allows removing every token. */
export const isRemoveAllConfirmed = (typed: string): boolean => typed === REMOVE_ALL_CONFIRMATION;

/** A token's state: revoked (inactive), expired (past its expiry) or active. */
export const tokenStateOf = (
  token: { is_active: boolean; expires_at: string },
  now: Date,
): 'active' | 'revoked' | 'expired' =>
  !token.is_active ? 'revoked' : new Date(token.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** 'Last used': Just now under 60 s, then minutes, hours, days. */
export const lastUsedLabel = (lastUsedAt: string | null, now: Date): string => {
  if (lastUsedAt === null) return 'Never';
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(lastUsedAt).getTime()) / 1000));
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
};
