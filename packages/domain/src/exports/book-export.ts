import { CLASS_CHANGE_REASONS, LOAN_CLASSES } from '../classification/rules';
import { LEDGER_CAUSES, LEDGER_KINDS } from '../lending/ledger';
import {
  BOUNCE_RECORD_STATUSES,
  EMI_STATUSES,
  FORECLOSURE_TYPES,
  LOAN_STATUSES,
  PAYMENT_TYPES,
  RECORDED_PAYMENT_MODES,
} from '../lending/types';
import type { BookExportKind } from './cells';

/** One column of a file of the book export: its CSV header, what it holds, and its meaning in plain words. */
export type BookExportColumn = { header: string; kind: BookExportKind; meaning: string };

const column = <const Header extends string>(header: Header, kind: BookExportKind, meaning: string) => ({
  header,
  kind,
  meaning,
});

const oneOf = (values: readonly string[]) => values.join(', ');
const createdAt = (what: string) => column('created_at', 'moment', `When the ${what} was recorded.`);
const person = <const Header extends string>(header: Header, role: string) =>
  column(header, 'integer', `${role} (the id in users.csv).`);
const loanId = column('loan_id', 'integer', 'The loan (the id in loans.csv).');
const emiNumber = column(
  'emi_number',
  'integer',
  "The instalment's place in the loan's schedule (1 is the first).",
);
const onFile = <const Header extends string>(header: Header, document: string) =>
  column(header, 'boolean', `Whether ${document} is stored; the image itself is never exported.`);

/**
 * The files of the book export, in the zip's order: each file's name, what one row is, and its
 * columns. Every column is read by name from the database (no table is ever exported whole), so a
 * secret column can only leave by being declared here.
 */
export const BOOK_EXPORT_FILES = [
  {
    name: 'users.csv',
    rows: 'Every account, staff and customers alike; the other files name people by its id.',
    columns: [
      column('id', 'integer', "The account's id."),
      column('name', 'text', 'Full name.'),
      column('email', 'text', 'Sign-in e-mail address.'),
      column('mobile', 'text', 'Mobile number.'),
      column('address', 'text', 'Postal address.'),
      column('role', 'text', 'Role: superadmin, admin, agent, user (a customer), or a role the lender made.'),
      column('is_active', 'boolean', 'Whether the account may sign in (false: switched off).'),
      createdAt('account'),
      column('updated_at', 'moment', 'When the account was last changed.'),
    ],
  },
  {
    name: 'customers.csv',
    rows: 'Every customer (an account with the role user): their agent, referrer, documents on file and location.',
    columns: [
      column('id', 'integer', "The customer's account (the id in users.csv)."),
      column('name', 'text', 'Full name.'),
      column('mobile', 'text', 'Mobile number.'),
      column('address', 'text', 'Postal address.'),
      column('agent_id', 'integer', 'The agent the customer belongs to (the id in agents.csv); empty: none.'),
      column('agent_name', 'text', "That agent's name."),
      column(
        'reference_customer_id',
        'integer',
        'The customer who referred them (users.csv id); empty: none.',
      ),
      onFile('photo_on_file', 'a photo of the customer'),
      onFile('aadhaar_card_on_file', 'an image of the Aadhaar card (so no Aadhaar number is in the export)'),
      onFile('voter_card_on_file', 'an image of the voter card'),
      onFile('pan_card_on_file', 'an image of the PAN card'),
      onFile('bank_cheque_on_file', 'an image of a bank cheque'),
      column('latitude', 'decimal', 'Last location the customer shared: latitude; empty: never shared.'),
      column('longitude', 'decimal', 'Last location the customer shared: longitude.'),
      column('location_updated_at', 'moment', 'When that location was shared.'),
      column('is_active', 'boolean', 'Whether the account may sign in.'),
      createdAt('customer'),
    ],
  },
  {
    name: 'agents.csv',
    rows: 'Every field agent (an account with the role agent).',
    columns: [
      column('id', 'integer', "The agent's account (the id in users.csv)."),
      column('name', 'text', 'Full name.'),
      column('email', 'text', 'Sign-in e-mail address.'),
      column('mobile', 'text', 'Mobile number.'),
      column('customers', 'integer', 'How many customers belong to the agent.'),
      onFile('qr_code_on_file', "the agent's payment QR code"),
      column('is_active', 'boolean', 'Whether the account may sign in.'),
      createdAt('agent'),
    ],
  },
  {
    name: 'loans.csv',
    rows: 'Every loan, whatever its status: its terms and, when foreclosed, how it was closed.',
    columns: [
      column(
        'id',
        'integer',
        "The loan's id; EMIs, payments, bounces and ledger rows name their loan by it.",
      ),
      column('loan_code', 'text', "The loan's number as screens and receipts print it (LN000123)."),
      column('customer_id', 'integer', 'The borrower (the id in customers.csv).'),
      column('customer_name', 'text', "The borrower's name."),
      column('agent_id', 'integer', "The borrower's agent (the id in agents.csv); empty: none."),
      column('status', 'text', `Status: ${oneOf(LOAN_STATUSES)} (approved: running).`),
      column('loan_amount', 'money', 'The amount lent.'),
      column('per_day_emi', 'money', 'The daily instalment.'),
      column('total_emi_days', 'integer', 'How many daily instalments.'),
      column('total_repayable', 'money', 'What the instalments add up to (per-day EMI times the days).'),
      column('interest_amount', 'money', 'The interest: total repayable minus the amount lent.'),
      column('start_date', 'date', 'The day of the first instalment.'),
      column('end_date', 'date', 'The day of the last instalment.'),
      column('loan_reason', 'text', 'Why the borrower took the loan.'),
      column('payment_method', 'text', 'How the amount was paid out to the borrower.'),
      person('created_by', 'Who made the loan'),
      column(
        'foreclosure_type',
        'text',
        `How it was foreclosed: ${oneOf(FORECLOSURE_TYPES)}; empty: not foreclosed.`,
      ),
      column('foreclosure_amount', 'money', 'What the foreclosure settled the loan for.'),
      column('foreclosure_remaining_amount', 'money', 'What the foreclosure left unrecovered.'),
      column('foreclosure_date', 'date', 'The day of the foreclosure.'),
      column('foreclosure_reason', 'text', 'Why it was foreclosed.'),
      column('foreclosure_notes', 'text', 'Notes on the foreclosure.'),
      person('foreclosed_by', 'Who foreclosed it'),
      createdAt('loan'),
      column('updated_at', 'moment', 'When the loan was last changed.'),
    ],
  },
  {
    name: 'emis.csv',
    rows: 'Every daily instalment (EMI) of every loan, as it stood when the export was taken.',
    columns: [
      column('id', 'integer', "The EMI's id."),
      loanId,
      emiNumber,
      column('emi_date', 'date', 'The day it falls due.'),
      column('amount', 'money', 'The instalment (principal and interest).'),
      column(
        'late_charge',
        'money',
        'Everything added on top: bounce charges, the partial-payment charge, dues carried in from earlier EMIs.',
      ),
      column('carried_instalment', 'money', 'The part of late_charge that is instalment money carried in.'),
      column('status', 'text', `Status: ${oneOf(EMI_STATUSES)}.`),
      column('payment_type', 'text', `How it was paid: ${oneOf(PAYMENT_TYPES)}; empty: unpaid.`),
      column('payment_date', 'date', 'The business day of its payment.'),
      column('paid_at', 'moment', 'When its payment was recorded.'),
      column('partial_payment_amount', 'money', 'What a partial payment collected.'),
      column('remaining_balance', 'money', 'What a partial payment left owing.'),
      column('bounce_count', 'integer', 'How many times it bounced.'),
      column(
        'bounce_status',
        'text',
        `Its bounce record: ${oneOf(BOUNCE_RECORD_STATUSES)}; empty: never bounced.`,
      ),
      column('bounced_on', 'date', 'The business day of its last bounce.'),
      column('bounced_reason', 'text', 'Why it last bounced.'),
      column('dues_with', 'integer', "The EMI number now holding a bounced EMI's dues."),
      column('notes', 'text', 'Notes on the EMI.'),
    ],
  },
  {
    name: 'payments.csv',
    rows: 'Every EMI payment recorded: who collected it, how, and what it moved.',
    columns: [
      column('id', 'integer', "The payment's id (its receipt number); ledger rows name it as payment_id."),
      loanId,
      emiNumber,
      column('payment_type', 'text', `How the EMI was paid: ${oneOf(PAYMENT_TYPES)}.`),
      column(
        'payment_mode',
        'text',
        `${oneOf(RECORDED_PAYMENT_MODES)} (credit: paid from credit held, no cash).`,
      ),
      column('amount', 'money', 'The money received.'),
      column('late_charge_levied', 'money', 'A late charge added at collection.'),
      column('partial_payment_amount', 'money', 'What a partial payment paid.'),
      column('remaining_balance', 'money', 'What a partial payment left owing.'),
      column('carried_amount', 'money', 'Dues carried to a later EMI.'),
      column('carried_to_emi', 'integer', 'The EMI number they were carried to.'),
      person('collected_by', 'Who collected it'),
      column('payment_date', 'date', 'The business day of the payment (an admin may correct it).'),
      column('paid_at', 'moment', 'When the payment was recorded.'),
      column('collected_at', 'moment', "The phone's time of a collection made offline; empty: made online."),
      column('notes', 'text', 'Notes on the payment.'),
    ],
  },
  {
    name: 'bounces.csv',
    rows: 'Every bounce recorded: an EMI the borrower did not pay on a visit.',
    columns: [
      column('id', 'integer', "The bounce's id."),
      loanId,
      emiNumber,
      column('emi_amount', 'money', "The EMI's instalment."),
      column('charge', 'money', 'The bounce charge levied.'),
      column('amount_due', 'money', 'What the EMI owed right after the bounce.'),
      column('bounce_sequence', 'integer', 'Which bounce of this EMI it was (1 is the first).'),
      column('reason', 'text', 'Why it bounced.'),
      column('notes', 'text', 'Notes on the bounce.'),
      column('rolled_to', 'integer', 'The later bounced EMI these dues rolled into at once; empty: none.'),
      person('bounced_by', 'Who recorded it'),
      column('bounced_on', 'date', 'The business day of the bounce.'),
      column('bounced_at', 'moment', 'When it was recorded.'),
    ],
  },
  {
    name: 'ledger.csv',
    rows: "The money ledger: every movement of every loan's money, append-only (a mistake is undone by a reversal row, never an edit).",
    columns: [
      column('id', 'integer', "The row's id, in the order rows were written."),
      loanId,
      column('kind', 'text', `What the row does: ${oneOf(LEDGER_KINDS)}.`),
      column('cause', 'text', `What caused it: ${oneOf(LEDGER_CAUSES)}.`),
      column('emi_number', 'integer', 'The EMI it is against (0: the loan as a whole, as for a refund).'),
      column('to_emi_number', 'integer', 'The EMI a carry moves money to.'),
      column('reverses', 'text', 'The kind a reversal row cancels.'),
      column('amount', 'money', 'The amount: instalment plus penalty.'),
      column('instalment', 'money', 'The instalment (principal and interest) part.'),
      column('penalty', 'money', 'The charges part.'),
      column('interest_share', 'money', "The interest in a cash row's instalment, fixed when written."),
      column('payment_mode', 'text', 'How cash moved, on rows that move cash.'),
      column('business_date', 'date', 'The business day it was recorded on.'),
      person('actor_id', 'Who moved the money'),
      column('payment_id', 'integer', 'The payment it belongs to (the id in payments.csv).'),
      column('audit_id', 'integer', 'The audit row written with it (the id in audit.csv).'),
      createdAt('row'),
    ],
  },
  {
    name: 'cash_handovers.csv',
    rows: "Every handover of a collector's cash to an admin.",
    columns: [
      column('id', 'integer', "The handover's id."),
      person('collector_id', 'Who handed the cash over'),
      person('received_by', 'The admin who received it'),
      column('amount', 'money', 'What the books said the collector should hand over.'),
      column('received_amount', 'money', 'What the admin counted.'),
      column('difference', 'money', 'Received minus expected: negative is a shortfall, positive an excess.'),
      column('reason', 'text', 'Why there was a difference.'),
      column('note', 'text', 'A note on the handover.'),
      column('business_date', 'date', 'The business day of the handover.'),
      column('audit_id', 'integer', 'The audit row written with it (the id in audit.csv).'),
      createdAt('handover'),
    ],
  },
  {
    name: 'class_changes.csv',
    rows: "The day-end close's history: each time a loan's RBI class (SMA-0/1/2, NPA) or own class changed at a business day's close.",
    columns: [
      column('id', 'integer', "The change's id, in the order changes were written."),
      loanId,
      column('business_date', 'date', 'The business day whose close made the change.'),
      column('from_class', 'text', `The class reported before: ${oneOf(LOAN_CLASSES)}.`),
      column('to_class', 'text', 'The class reported from this close on.'),
      column('from_own', 'text', 'The class by its own days past due before (without the borrower rule).'),
      column('to_own', 'text', 'The class by its own days past due from this close on.'),
      column('days_past_due', 'integer', 'Its days past due at this close.'),
      column('reason', 'text', `Why it changed: ${oneOf(CLASS_CHANGE_REASONS)}.`),
      column('superseded_at', 'moment', 'When a re-run of that day replaced the change; empty: it stands.'),
      createdAt('change'),
    ],
  },
  {
    name: 'expenses.csv',
    rows: 'Every expense staff recorded (fuel, stationery, ...).',
    columns: [
      column('id', 'integer', "The expense's id."),
      column('expense_name', 'text', 'What was bought or paid for.'),
      column('reason', 'text', 'Why it was spent.'),
      column('amount_paid', 'money', 'The amount spent.'),
      person('user_id', 'Who spent it; empty once their account was deleted'),
      column('user_name', 'text', "That person's name."),
      createdAt('expense'),
      column('updated_at', 'moment', 'When the expense was last changed.'),
    ],
  },
  {
    name: 'audit.csv',
    rows: 'The audit trail: every change made through the product, who made it, when and from where.',
    columns: [
      column('id', 'integer', "The audit row's id, in the order rows were written."),
      column('created_at', 'moment', 'When it happened.'),
      person('user_id', 'Who did it; empty: the system, a sign-in attempt or a deleted account'),
      column('action', 'text', 'What was done (user.create, emi.pay, ...).'),
      column('resource_type', 'text', 'The kind of record it was done to.'),
      column('resource_id', 'text', "That record's id."),
      column('ip_address', 'text', 'The address the request came from.'),
      column('user_agent', 'text', 'The browser or app that sent it.'),
      column('metadata', 'json', 'Details of the change (for an edit, the values before and after).'),
    ],
  },
] as const satisfies readonly { name: string; rows: string; columns: readonly BookExportColumn[] }[];

/** One file of the book export, as declared. */
export type BookExportFile = (typeof BOOK_EXPORT_FILES)[number];
/** A file of the book export by name ('loans.csv'). */
export type BookExportFileName = BookExportFile['name'];
/** The headers of one file's columns. */
export type BookExportHeader<Name extends BookExportFileName> = Extract<
  BookExportFile,
  { name: Name }
>['columns'][number]['header'];
