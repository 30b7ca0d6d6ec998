/**
 * The Support and Help page's static content. Contact details and service states are sample
 * placeholders until the lender fills in its own; nothing here is read from the server.
 */
export const FAQS: readonly { question: string; answer: string }[] = [
  {
    question: 'How is a daily EMI calculated?',
    answer:
      'The loan amount plus interest is spread over the loan days; each day has one EMI. Loan Details shows the full schedule.',
  },
  {
    question: 'What happens when an EMI bounces?',
    answer:
      'The EMI is marked bounced with its late charge and appears under Bounced EMIs until it is paid, waived or written off.',
  },
  {
    question: 'Can a customer pay part of an EMI?',
    answer: 'Yes. A partial payment is recorded against the EMI and the rest stays due.',
  },
  {
    question: 'How do I reset my password?',
    answer:
      'Use "Forgot password" on the sign-in page, or change it under Settings › Security when signed in.',
  },
  {
    question: 'Who can see the audit logs?',
    answer:
      'Only the superadmin. Every change made in the back-office is recorded with who made it and when.',
  },
  {
    question: 'Why can I not see a page in the menu?',
    answer: 'Pages follow your role. Ask the superadmin to grant the permission in Role Management.',
  },
];

export const CONTACTS: readonly { label: string; value: string; note: string }[] = [
  { label: 'Phone', value: '+91 00000 00000', note: 'Mon–Sat, 9:00–18:00 IST' },
  { label: 'Email', value: 'support@example.com', note: 'Answered within 24 hours' },
  { label: 'Office', value: 'Your branch address', note: 'Visits by appointment' },
];

export const DOCUMENTS: readonly { title: string; description: string }[] = [
  { title: 'Getting Started', description: 'Signing in, the dashboard and the menus.' },
  { title: 'Loans and EMIs', description: 'Creating loans, daily EMIs, payments, bounces and foreclosure.' },
  { title: 'Field Collection', description: 'The agent app: overdue and upcoming EMIs, receipts.' },
  { title: 'Users and Roles', description: 'Adding customers and staff, roles and their permissions.' },
  { title: 'Reports', description: 'Credit reports, agent collections and exports.' },
];

export const COMMUNITY: readonly { title: string; description: string }[] = [
  { title: 'User Forum', description: 'Ask other lenders how they run their books.' },
  { title: 'Feature Requests', description: 'Suggest what the back-office should do next.' },
  { title: 'Release Notes', description: 'What changed in each update.' },
];

export type TServiceState = 'Operational' | 'Degraded' | 'Down';

export const SERVICES: readonly { name: string; state: TServiceState }[] = [
  { name: 'Web application', state: 'Operational' },
  { name: 'API', state: 'Operational' },
  { name: 'Agent mobile app', state: 'Operational' },
  { name: 'Notifications', state: 'Operational' },
  { name: 'File storage', state: 'Operational' },
];

export const STATE_COLORS: Record<TServiceState, string> = {
  Operational: 'green',
  Degraded: 'yellow',
  Down: 'red',
};
