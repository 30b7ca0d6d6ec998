import { describe, expect, it } from 'vitest';
import { coordinatesText, mapsSearchUrl, matchesUserSearch, saveErrorField } from './users-screen';

describe('users screen helpers', () => {
  it('matches name or e-mail ignoring case', () => {
    const user = { name: 'Sunita Pawar', email: 'sunita@demo.example.com' };
    expect(matchesUserSearch(user, 'PAWAR')).toBe(true);
    expect(matchesUserSearch(user, 'demo.EXAMPLE')).toBe(true);
    expect(matchesUserSearch(user, 'ravi')).toBe(false);
    expect(matchesUserSearch(user, '  ')).toBe(true);
  });

  it('places save errors about the reference customer or the mobile', () => {
    expect(saveErrorField('Reference customer not found')).toBe('reference_customer_id');
    expect(saveErrorField('Invalid mobile number')).toBe('mobile');
    expect(saveErrorField('A user with this email already exists')).toBeNull();
  });

  it('builds the maps link and the copied text', () => {
    expect(mapsSearchUrl(18.52, 73.85)).toBe('https://www.google.com/maps/search/?api=1&query=18.52,73.85');
    expect(coordinatesText(18.52, 73.85)).toBe('18.52, 73.85');
  });
});
