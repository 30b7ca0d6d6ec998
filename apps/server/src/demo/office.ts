import { addDays, type SupportCategory, type SupportStatus, type SupportSubject } from '@lending/domain';
import { createExpenses } from '../modules/expenses';
import { createNotifications } from '../modules/notifications';
import { createSupport } from '../modules/support';
import { createTodos } from '../modules/todos';
import { createUpgrades } from '../modules/upgrades';
import type { AuthUser } from '../platform/access';
import type { AppDeps } from '../platform/deps';
import { auditOf, depsOn } from './days';

/** Who works at the demo lender's office and in the field, and some of its customers. */
export type OfficeCast = { superadmin: AuthUser; admin: AuthUser; agents: AuthUser[]; customers: AuthUser[] };

const EXPENSES = [
  { expense_name: 'Petrol', reason: 'Two-wheeler fuel for the collection round', amount_paid: 350 },
  { expense_name: 'Mobile recharge', reason: 'Monthly plan for the field phone', amount_paid: 299 },
  { expense_name: 'Tea and snacks', reason: 'Branch meeting with the agents', amount_paid: 180 },
  { expense_name: 'Receipt books', reason: 'Printed receipt books for cash collections', amount_paid: 640 },
  { expense_name: 'Auto fare', reason: 'Visit to customers in the market area', amount_paid: 120 },
  { expense_name: 'Office rent', reason: 'Rent for the branch office', amount_paid: 12_000 },
  { expense_name: 'Electricity bill', reason: 'Branch office electricity', amount_paid: 1_850.5 },
  { expense_name: 'Stationery', reason: 'Files, pens and stamp pad', amount_paid: 245 },
];

const TASKS = [
  { title: 'Call customers with overdue EMIs', completed: false },
  { title: 'Deposit yesterday’s cash collection at the bank', completed: true },
  { title: 'Verify KYC documents of new customers', completed: false },
  { title: 'Review bounced EMIs with the agents', completed: true },
  { title: 'Prepare the month’s collection summary', completed: false },
  { title: 'Visit the market stalls on the evening round', completed: true },
];

const SUPPORT: {
  subject: SupportSubject;
  category: SupportCategory;
  message: string;
  rating?: number;
  status: SupportStatus;
}[] = [
  {
    subject: 'Payment Issue',
    category: 'billing',
    message: 'I paid by UPI yesterday but the app still shows the EMI as due.',
    status: 'Pending',
  },
  {
    subject: 'Review & Ratings',
    category: 'general',
    message: 'The agent is always on time and gives a receipt every day.',
    rating: 5,
    status: 'Resolved',
  },
  {
    subject: 'Account Access Issue',
    category: 'account',
    message: 'I changed my phone and cannot sign in any more.',
    status: 'In-Progress',
  },
  {
    subject: 'Support/Complain',
    category: 'loan',
    message: 'A late charge was added on a day the shop was closed for a festival.',
    status: 'Resolved',
  },
  {
    subject: 'Suggestions',
    category: 'general',
    message: 'Please allow paying two EMIs together from the app.',
    status: 'Pending',
  },
  {
    subject: 'App Error',
    category: 'technical',
    message: 'The receipt PDF does not open on my phone.',
    status: 'In-Progress',
  },
  {
    subject: 'Review & Ratings',
    category: 'general',
    message: 'Quick approval, but the EMI is a little high for me.',
    rating: 4,
    status: 'Pending',
  },
];

/**
 * The office side of the demo, each on its own day: expenses over the last weeks, tasks, notifications
 * to customers and agents, support messages in every status, and an update walked to "up to date".
 */
export const seedDemoOffice = async (deps: AppDeps, cast: OfficeCast): Promise<void> => {
  const today = deps.clock.today();
  const { superadmin, admin, agents, customers } = cast;
  const staff = [admin, ...agents];
  for (let n = 0; n < 24; n += 1) {
    const spender = staff[n % staff.length] ?? admin;
    const expense = EXPENSES[n % EXPENSES.length] ?? EXPENSES[0];
    if (!expense) break;
    const day = depsOn(deps, addDays(today, -((n * 5) % 45)), n * 11);
    await createExpenses(day).create(spender, expense, auditOf(spender));
  }
  for (const [n, task] of TASKS.entries()) {
    for (const owner of [superadmin, admin, agents[n % agents.length] ?? admin]) {
      const day = depsOn(deps, addDays(today, -(n + 1)), n * 13);
      const saved = await createTodos(day).create(owner.id, { title: task.title }, auditOf(owner));
      if (task.completed)
        await createTodos(depsOn(deps, today)).update(
          owner.id,
          saved.todo.id,
          { completed: true },
          auditOf(owner),
        );
    }
  }
  const notices = [
    {
      to: customers.map((customer) => customer.id),
      subject: 'Office closed on Sunday',
      description: 'The branch office is closed this Sunday; agents collect as usual.',
    },
    {
      to: agents.map((agent) => agent.id),
      subject: 'Collection targets for this week',
      description: 'Please clear every overdue EMI in your book before Saturday.',
    },
    {
      to: customers.slice(0, 5).map((customer) => customer.id),
      subject: 'EMI reminder',
      description: 'Your EMI is due today. Please keep the amount ready for the agent.',
    },
  ];
  for (const [n, notice] of notices.entries()) {
    await createNotifications(depsOn(deps, addDays(today, -(n * 3)), n * 17)).send(
      admin,
      { user_ids: notice.to, subject: notice.subject, description: notice.description, image_url: null },
      auditOf(admin),
    );
  }
  for (const [n, message] of SUPPORT.entries()) {
    const writer = customers[(n * 3) % customers.length] ?? admin;
    const support = createSupport(depsOn(deps, addDays(today, -(n * 2 + 1)), n * 19));
    const created = await support.create(
      writer,
      {
        subject: message.subject,
        category: message.category,
        message: message.message,
        rating: message.rating,
      },
      auditOf(writer),
    );
    if (message.status !== 'Pending')
      await createSupport(depsOn(deps, addDays(today, -(n * 2)), n * 19)).setStatus(
        created.id,
        { status: message.status },
        auditOf(admin),
      );
  }
  // The field app's last update: required, permitted and rolled out over a week ago.
  const steps = [
    {
      status: 'required',
      required_version: '2.4.0',
      current_version: '2.3.2',
      comments: 'Receipts show the collector’s name',
    },
    { status: 'permitted' },
    { status: 'up_to_date' },
  ] as const;
  for (const [n, step] of steps.entries())
    await createUpgrades(depsOn(deps, addDays(today, -(10 - n * 2)), n * 23)).change(
      superadmin,
      step,
      auditOf(superadmin),
    );
};
