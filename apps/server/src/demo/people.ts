import type { Db } from '../db/client';
import { findRoleByName } from '../modules/roles';
import { findUserWithRoleByEmail, insertUser } from '../modules/users';
import { hashPassword } from '../platform/passwords';

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'demo1234';

export type DemoPerson = {
  name: string;
  email: string;
  mobile: string;
  address: string;
  role: string;
  agentEmail?: string;
};

/** A small, realistic lender: one admin, two field agents, and customers who belong to them. */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    name: 'Anita Desai',
    email: 'anita.admin@demo.example.com',
    mobile: '9820012345',
    address: 'Head Office, FC Road, Pune',
    role: 'admin',
  },
  {
    name: 'Ramesh Yadav',
    email: 'ramesh.agent@demo.example.com',
    mobile: '9822011111',
    address: 'Hadapsar, Pune',
    role: 'agent',
  },
  {
    name: 'Priya Shinde',
    email: 'priya.agent@demo.example.com',
    mobile: '9822022222',
    address: 'Kothrud, Pune',
    role: 'agent',
  },
  {
    name: 'Sunita Pawar',
    email: 'sunita@demo.example.com',
    mobile: '9890033333',
    address: 'Vegetable market stall 14, Hadapsar',
    role: 'user',
    agentEmail: 'ramesh.agent@demo.example.com',
  },
  {
    name: 'Mohammed Shaikh',
    email: 'mohammed@demo.example.com',
    mobile: '9890044444',
    address: 'Tea stall, Magarpatta Road',
    role: 'user',
    agentEmail: 'ramesh.agent@demo.example.com',
  },
  {
    name: 'Kavita Jadhav',
    email: 'kavita@demo.example.com',
    mobile: '9890055555',
    address: 'Tailoring shop, Kothrud Depot',
    role: 'user',
    agentEmail: 'priya.agent@demo.example.com',
  },
];

/** Loads the demo lender once; a database that already has the demo admin is left alone. */
export const seedDemoData = async (db: Db): Promise<boolean> => {
  const first = DEMO_PEOPLE[0];
  if (!first || (await findUserWithRoleByEmail(db, first.email))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The first customer of each agent is the reference for the next ones, as agents record it.
  const firstCustomerOf = new Map<number, number>();
  await db.transaction(async (tx) => {
    for (const person of DEMO_PEOPLE) {
      const role = await findRoleByName(tx, person.role);
      if (!role) throw new Error(`missing role ${person.role}`);
      const agentId = person.agentEmail
        ? (await findUserWithRoleByEmail(tx, person.agentEmail))?.user.id
        : undefined;
      const reference = person.role === 'user' && agentId ? firstCustomerOf.get(agentId) : undefined;
      const created = await insertUser(tx, {
        name: person.name,
        email: person.email,
        mobile: person.mobile,
        address: person.address,
        passwordHash,
        roleId: role.id,
        agentId: agentId ?? null,
        referenceCustomerId: reference ?? null,
      });
      if (person.role === 'user' && agentId && reference === undefined)
        firstCustomerOf.set(agentId, created.id);
    }
  });
  return true;
};
