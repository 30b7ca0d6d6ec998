import type { ImportColumn } from './kinds';

const NAME = {
  key: 'name',
  header: 'Name',
  required: true,
  form: 'text',
} as const;

const MOBILE = {
  key: 'mobile',
  header: 'Mobile',
  synonyms: [
    'Mobile No',
    'Mobile Number',
    'Phone',
    'Phone No',
    'Phone Number',
    'Contact',
    'Contact No',
    'Cell',
  ],
  required: true,
  form: 'mobile',
} as const;

const EMAIL = {
  key: 'email',
  header: 'Email',
  synonyms: ['E-mail', 'Email ID', 'Email Address', 'Mail'],
  required: true,
  form: 'email',
} as const;

const ADDRESS = {
  key: 'address',
  header: 'Address',
  synonyms: ['Full address', 'Residence', 'Location'],
  required: false,
  form: 'text',
} as const;

const ACTIVE = {
  key: 'active',
  header: 'Active',
  synonyms: ['Is active', 'Enabled'],
  required: false,
  form: 'yes-no',
} as const;

/** The Agents sheet: the users form's fields of an agent. */
export const AGENT_COLUMNS = [
  {
    ...NAME,
    synonyms: ['Full name', 'Agent name', 'Name of agent', 'Collector name'],
    note: 'The agent’s full name, as receipts and reports print it.',
    examples: ['Ramesh Kumar', 'Sunita Devi'],
  },
  {
    ...MOBILE,
    note: 'The agent’s 10-digit mobile number; each agent once.',
    examples: ['9876500001', '+91 98765 00002'],
  },
  {
    ...EMAIL,
    note: 'The agent signs in with this e-mail address; no two people share one.',
    examples: ['ramesh@example.com', 'sunita@example.com'],
  },
  { ...ADDRESS, note: 'Where the agent lives or works (optional).', examples: ['12 MG Road, Pune', ''] },
  {
    ...ACTIVE,
    note: 'Yes if the agent works for you today, No if they have left; blank means Yes.',
    examples: ['Yes', 'Yes'],
  },
] as const satisfies readonly ImportColumn[];

/** The Customers sheet: the users form's fields of a customer, their own reference, agent and referrer. */
export const CUSTOMER_COLUMNS = [
  {
    ...NAME,
    synonyms: ['Full name', 'Customer name', 'Borrower name', 'Name of customer', 'Member name'],
    note: 'The customer’s full name, as on their ID.',
    examples: ['Anil Sharma', 'Meena Patil'],
  },
  {
    ...MOBILE,
    note: 'The customer’s 10-digit mobile number; each customer once.',
    examples: ['9876500011', '09876500012'],
  },
  {
    ...EMAIL,
    note: 'The customer’s e-mail address; no two people share one.',
    examples: ['anil@example.com', 'meena@example.com'],
  },
  {
    ...ADDRESS,
    note: 'The customer’s home or shop address (optional).',
    examples: ['Shop 4, Market Yard, Pune', 'Lane 2, Hadapsar'],
  },
  {
    key: 'customer_reference',
    header: 'Customer reference',
    synonyms: ['Customer ID', 'Customer No', 'Customer Code', 'Member ID', 'Old customer ID'],
    required: false,
    form: 'text',
    note: 'Your own number for the customer in your old book (optional); a loan may name its customer by it.',
    examples: ['C-101', 'C-102'],
  },
  {
    key: 'agent',
    header: 'Agent',
    synonyms: ['Agent mobile', 'Agent email', 'Assigned agent', 'Collector', 'Field agent'],
    required: false,
    form: 'agent',
    note: 'The mobile number or e-mail of the customer’s agent: an agent already in the book or on the Agents sheet.',
    examples: ['9876500001', 'sunita@example.com'],
  },
  {
    key: 'reference_customer',
    header: 'Referred by',
    synonyms: ['Reference customer', 'Reference mobile', 'Referrer', 'Guarantor mobile'],
    required: false,
    form: 'customer',
    note: 'The mobile number or customer reference of the customer who introduced them (optional): in the book or on an earlier row.',
    examples: ['', '9876500011'],
  },
  { ...ACTIVE, note: 'No for a customer you no longer lend to; blank means Yes.', examples: ['Yes', 'Yes'] },
] as const satisfies readonly ImportColumn[];
