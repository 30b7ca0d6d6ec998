import { SYSTEM_ROLE_PERMISSIONS, type SystemRole, type TPublicUser } from '@lending/domain';

const ROLE_IDS: Record<SystemRole, number> = { superadmin: 1, admin: 2, agent: 3, user: 4 };

/** A user as the API answers it, with the seeded permissions of its system role. */
export const makeUser = (role: SystemRole, overrides: Partial<TPublicUser> = {}): TPublicUser => ({
  id: ROLE_IDS[role] * 10,
  name: `${role[0]?.toUpperCase()}${role.slice(1)} Person`,
  email: `${role}@example.com`,
  mobile: '9876543210',
  address: 'MG Road, Bengaluru',
  role,
  role_id: ROLE_IDS[role],
  Role: {
    id: ROLE_IDS[role],
    name: role,
    permissions: SYSTEM_ROLE_PERMISSIONS[role].map((entry) => ({ ...entry, actions: [...entry.actions] })),
  },
  is_active: true,
  profile_pic: null,
  adhaar_card: null,
  voter_card: null,
  pan_card: null,
  bank_check: null,
  agent_qr_code_url: null,
  reference_customer_id: null,
  agent_id: null,
  latitude: null,
  longitude: null,
  location_enabled: false,
  location_updated_at: null,
  location_accuracy: null,
  created_at: '2025-01-01T00:00:00.000Z',
  ...overrides,
});
