import { ZUserFormFields } from '../schemas/user-form';
import { choiceWords, readChoice, readMobile } from './cells';
import { IMPORT_KIND_TITLES } from './kinds';
import { agentLink, customerLink } from './links';
import { importMessages } from './messages';
import { type RowCheck, shortText, textBy } from './row';
import { type ImportLink, referenceKey } from './seen';

/** An agent as a row of the Agents sheet gives them. */
export type AgentRecord = {
  name: string;
  mobile: string;
  email: string;
  address: string | null;
  active: boolean;
};

/** A customer as a row of the Customers sheet gives them. */
export type CustomerRecord = AgentRecord & {
  /** The lender's own number for the customer. */
  reference: string | null;
  agent: ImportLink | null;
  referredBy: ImportLink | null;
};

/** The longest reference (customer, loan, payment) an import takes. */
export const IMPORT_REFERENCE_MAX = 50;

const YES_NO = choiceWords([
  [true, ['Yes', 'Y', 'True', 'Active', '1']],
  [false, ['No', 'N', 'False', 'Inactive', '0', 'Left']],
]);

const { name: NAME, email: EMAIL, address: ADDRESS } = ZUserFormFields.shape;

/** Name, mobile, e-mail, address and active of an agent or a customer, by the users form's rules. */
const readPerson = (check: RowCheck) => ({
  name: check.read('name', textBy(NAME)),
  mobile: check.read('mobile', readMobile),
  email: check.read('email', textBy(EMAIL)),
  address: check.read('address', textBy(ADDRESS)),
  active: check.read('active', (cell) => readChoice(cell, YES_NO, ['Yes', 'No'])) ?? true,
});

/** An e-mail address is unique among all users: on an earlier row of either sheet, or in the book. */
const claimEmail = (check: RowCheck, kind: 'agents' | 'customers', email: string) => {
  const { seen, lookups } = check.context;
  const agentRow = seen.agents.get(`email:${email}`);
  const customerRow = seen.customerEmails.get(email);
  const earlier = agentRow ?? customerRow;
  if (earlier !== undefined) {
    const other = agentRow !== undefined ? 'agents' : 'customers';
    const where = other === kind ? '' : ` of the ${IMPORT_KIND_TITLES[other]} sheet`;
    check.fail('email', importMessages.appearsAgain(email, earlier, where));
    return;
  }
  if (kind === 'agents') seen.agents.set(`email:${email}`, check.row);
  else seen.customerEmails.set(email, check.row);
  const user = lookups.userWithEmail(email);
  if (user !== null) check.fail('email', importMessages.emailTaken(email, user.name));
};

/** Checks an Agents row: the users form's rules, each mobile and e-mail once, none already in the book. */
export const checkAgent = (check: RowCheck): AgentRecord | null => {
  const person = readPerson(check);
  const { seen, lookups } = check.context;
  const { mobile, email } = person;
  if (mobile !== null) {
    const earlier = seen.agents.get(`mobile:${mobile}`);
    if (earlier !== undefined) check.fail('mobile', importMessages.appearsAgain(mobile, earlier));
    else {
      seen.agents.set(`mobile:${mobile}`, check.row);
      const agent = lookups.agent('mobile', mobile);
      if (agent !== null) check.fail('mobile', importMessages.alreadyInBook(mobile, 'an agent', agent.name));
    }
  }
  if (email !== null) claimEmail(check, 'agents', email);
  if (person.name === null || mobile === null || email === null || check.errors.length > 0) return null;
  return { ...person, name: person.name, mobile, email };
};

/** Checks a Customers row: as an agent's, plus their reference, agent and referrer. */
export const checkCustomer = (check: RowCheck): CustomerRecord | null => {
  const person = readPerson(check);
  const reference = check.read('customer_reference', shortText(IMPORT_REFERENCE_MAX));
  const agent = agentLink(check, 'agent');
  const referredBy = customerLink(check, 'reference_customer')?.link ?? null;
  const { seen, lookups } = check.context;
  const { mobile, email } = person;
  const claims: [string, string, string][] = [];
  if (mobile !== null) claims.push(['mobile', `mobile:${mobile}`, mobile]);
  if (reference !== null)
    claims.push(['customer_reference', `reference:${referenceKey(reference)}`, reference]);
  // One entry for the customer, whichever key finds it.
  const entry = { row: check.row, agent };
  for (const [key, seenKey, value] of claims) {
    const earlier = seen.customers.get(seenKey);
    if (earlier !== undefined) {
      check.fail(key, importMessages.appearsAgain(value, earlier.row));
      continue;
    }
    seen.customers.set(seenKey, entry);
    const customer = lookups.customer(key === 'mobile' ? 'mobile' : 'reference', value);
    if (customer !== null)
      check.fail(
        key,
        importMessages.alreadyInBook(
          value,
          'a customer',
          customer === 'many' ? 'more than one' : customer.name,
        ),
      );
  }
  if (email !== null) claimEmail(check, 'customers', email);
  if (person.name === null || mobile === null || email === null || check.errors.length > 0) return null;
  return { ...person, name: person.name, mobile, email, reference, agent, referredBy };
};
