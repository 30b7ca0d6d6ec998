import type { AppDeps } from '../platform/deps';
import { seedDemoCash } from './cash';
import { DEMO_CUSTOMERS, seedDemoCustomers } from './customers';
import { authUserOf } from './days';
import { runLoanPlan } from './loans';
import { seedDemoOffice } from './office';
import { DEMO_PEOPLE } from './people';
import { demoLoanPlans } from './plans';
import { seedDemoProducts } from './products';
import { EXTRA_AGENT } from './roster';

/** What the full demo loaded, for the start-up log. */
export type DemoSummary = { customers: number; loans: number; ms: number };

const adminEmail = DEMO_PEOPLE.find((person) => person.role === 'admin')?.email ?? '';

/**
 * The living demo lender on top of the small demo's accounts (`seedDemoData`): forty customers with
 * their documents, about eighty loans in every status with months of history, and the office's
 * expenses, tasks, notifications, support messages, update status and cash handovers and closed days. Everything goes through the
 * services the screens call, each on the day it happened, so the ledger, audit trail, credit events
 * and reports are what real use would have left.
 */
export const seedDemoLender = async (deps: AppDeps, superadminEmail: string): Promise<DemoSummary> => {
  const started = Date.now();
  const customers = await seedDemoCustomers(deps);
  const admin = await authUserOf(deps, adminEmail);
  await seedDemoProducts(deps, admin);
  const people = await Promise.all(DEMO_CUSTOMERS.map((person) => authUserOf(deps, person.email)));
  const agents = new Map<string, Awaited<ReturnType<typeof authUserOf>>>();
  for (const person of [...DEMO_PEOPLE, EXTRA_AGENT].filter((one) => one.role === 'agent'))
    agents.set(person.email, await authUserOf(deps, person.email));
  const plans = demoLoanPlans(DEMO_CUSTOMERS.length);
  for (const [serial, plan] of plans.entries()) {
    const person = DEMO_CUSTOMERS[plan.customer];
    const customer = people[plan.customer];
    const agent = agents.get(person?.agentEmail ?? '');
    if (!person || !customer || !agent) throw new Error(`demo plan ${serial} names no customer or agent`);
    await runLoanPlan(deps, { admin, customer, agent }, plan, serial);
  }
  const superadmin = await authUserOf(deps, superadminEmail);
  await seedDemoOffice(deps, { superadmin, admin, agents: [...agents.values()], customers: people });
  await seedDemoCash(deps, { superadmin, admin, agents: [...agents.values()] });
  return { customers, loans: plans.length, ms: Date.now() - started };
};
