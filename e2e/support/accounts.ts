/** Accounts the server creates on a fresh data dir: the superadmin and the demo lender's accounts (DEMO_DATA=people). */
export const accounts = {
  superadmin: { email: 'admin@example.com', password: 'admin123' },
  admin: { email: 'anita.admin@demo.example.com', password: 'demo1234' },
  agent: { email: 'ramesh.agent@demo.example.com', password: 'demo1234' },
  user: { email: 'sunita@demo.example.com', password: 'demo1234' },
} as const;

export type AccountName = keyof typeof accounts;
