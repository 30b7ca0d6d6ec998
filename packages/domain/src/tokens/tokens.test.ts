import { describe, expect, it } from 'vitest';
import { isRemoveAllConfirmed, lastUsedLabel, tokenStateOf } from './tokens';

const now = new Date('2026-11-21T06:30:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('lastUsedLabel', () => {
  it('says Just now under 60 s, then minutes, hours, days', () => {
    expect(lastUsedLabel(ago(59_000), now)).toBe('Just now');
    expect(lastUsedLabel(ago(60_000), now)).toBe('1 minute ago');
    expect(lastUsedLabel(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(lastUsedLabel(ago(2 * 3_600_000), now)).toBe('2 hours ago');
    expect(lastUsedLabel(ago(3 * 86_400_000), now)).toBe('3 days ago');
    expect(lastUsedLabel(null, now)).toBe('Never');
  });
});

describe('tokens', () => {
  it('accepts only the exact confirmation', () => {
    expect(isRemoveAllConfirmed('REMOVE ALL TOKENS')).toBe(true);
    expect(isRemoveAllConfirmed('remove all tokens')).toBe(false);
    expect(isRemoveAllConfirmed('REMOVE ALL TOKENS ')).toBe(false);
  });

  it('tells revoked, expired and active apart', () => {
    expect(tokenStateOf({ is_active: false, expires_at: ago(-1000) }, now)).toBe('revoked');
    expect(tokenStateOf({ is_active: true, expires_at: ago(0) }, now)).toBe('expired');
    expect(tokenStateOf({ is_active: true, expires_at: ago(-1000) }, now)).toBe('active');
  });
});
