import { findRoleByName } from '../modules/roles';
import { findUserWithRoleByEmail, insertUser, updateUser, withUploads } from '../modules/users';
import type { AppDeps } from '../platform/deps';
import { hashPassword } from '../platform/passwords';
import { customerDocuments } from './documents';
import { DEMO_PASSWORD, DEMO_PEOPLE, type DemoPerson } from './people';
import { EXTRA_AGENT, EXTRA_CUSTOMERS } from './roster';

/** Every customer of the full demo, the three the end-to-end tests know first. */
export const DEMO_CUSTOMERS: readonly DemoPerson[] = [
  ...DEMO_PEOPLE.filter((person) => person.role === 'user'),
  ...EXTRA_CUSTOMERS,
];

const idOf = async (deps: AppDeps, email: string): Promise<number> => {
  const found = await findUserWithRoleByEmail(deps.db, email);
  if (!found) throw new Error(`demo user ${email} is missing`);
  return found.user.id;
};

/**
 * The full demo's third agent and its other customers, each with the five documents stored through
 * the file storage the upload screens use (so their signed links open), and documents for the
 * customers the small demo already created. Customers refer to the first customer of their agent.
 */
export const seedDemoCustomers = async (deps: AppDeps): Promise<number> => {
  const { db, storage } = deps;
  const [agentRole, userRole] = await Promise.all([findRoleByName(db, 'agent'), findRoleByName(db, 'user')]);
  if (!agentRole || !userRole) throw new Error('the system roles are missing');
  // One hash for every extra account: argon2 per account would make the demo slow for nothing.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { name, email, mobile, address } = EXTRA_AGENT;
  await insertUser(db, { name, email, mobile, address, passwordHash, roleId: agentRole.id });
  const firstCustomerOf = new Map<string, number>();
  for (const [index, person] of DEMO_CUSTOMERS.entries()) {
    const files = await customerDocuments(index);
    const agentEmail = person.agentEmail ?? EXTRA_AGENT.email;
    const existing = await findUserWithRoleByEmail(db, person.email);
    if (existing) {
      const { id } = existing.user;
      await withUploads(storage, files, async (columns) => ({
        result: await updateUser(db, id, columns),
        replaced: [],
      }));
      if (!firstCustomerOf.has(agentEmail)) firstCustomerOf.set(agentEmail, id);
      continue;
    }
    const agentId = await idOf(deps, agentEmail);
    const created = await withUploads(storage, files, async (columns) => ({
      result: await insertUser(db, {
        name: person.name,
        email: person.email,
        mobile: person.mobile,
        address: person.address,
        passwordHash,
        roleId: userRole.id,
        agentId,
        referenceCustomerId: firstCustomerOf.get(agentEmail) ?? null,
        ...columns,
      }),
      replaced: [],
    }));
    if (!firstCustomerOf.has(agentEmail)) firstCustomerOf.set(agentEmail, created.id);
  }
  return DEMO_CUSTOMERS.length;
};
