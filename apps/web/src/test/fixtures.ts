import {
  SYSTEM_ROLE_PERMISSIONS,
  type SystemRole,
  type TManagedUser,
  type TPublicUser,
  type TRole,
} from '@lending/domain';

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

/** A user as the users-management calls answer it (with the reference customer, if any). */
export const makeManagedUser = (role: SystemRole, overrides: Partial<TManagedUser> = {}): TManagedUser => ({
  ...makeUser(role),
  reference_customer: null,
  hidden_by_owner: [],
  ...overrides,
});

/** GET /roles: the four system roles. */
export const makeRoles = (): TRole[] =>
  (Object.keys(ROLE_IDS) as SystemRole[]).map((name) => ({
    id: ROLE_IDS[name],
    name,
    description: null,
    isActive: true,
    is_system_role: true,
    created_at: '2025-01-01T00:00:00.000Z',
    permissions: SYSTEM_ROLE_PERMISSIONS[name].map((entry) => ({ ...entry, actions: [...entry.actions] })),
  }));

/** A file whose first bytes make it a PNG (the forms read the bytes, not the name). */
export const pngFile = (name = 'photo.png', size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
};

/** The multipart body a mocked call received, as name → value (files by name). */
export const formFields = (init: RequestInit): Record<string, string> => {
  const fields: Record<string, string> = {};
  if (!(init.body instanceof FormData)) return fields;
  for (const [key, value] of init.body.entries())
    fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  return fields;
};

/** Types into a field at once (a paste), for long form-filling tests. */
export const fillIn = async (
  events: {
    click: (el: Element) => Promise<void>;
    clear: (el: Element) => Promise<void>;
    paste: (text: string) => Promise<void>;
  },
  field: HTMLElement,
  text: string,
) => {
  await events.clear(field);
  await events.click(field);
  await events.paste(text);
};
