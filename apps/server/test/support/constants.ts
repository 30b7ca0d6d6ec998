/** The superadmin every test database starts with. */
export const TEST_ADMIN = { email: 'admin@example.com', password: 'admin123' } as const;
