import { type AgentRecord, type CustomerRecord, referenceKey } from '@lending/domain';
import { auditRowOf } from '../../platform/audit';
import { unusablePasswordHash } from '../../platform/passwords';
import { insertUsers } from '../users';
import type { CheckedRow } from './checker';
import { type CommitContext, idOrNull } from './commit-context';
import { insertAuditRows, insertReferences } from './repository';

type Person = { rowNumber: number; record: AgentRecord | CustomerRecord };

/**
 * Inserts people of one sheet in one statement with one audit row each (`user_imported`: the import,
 * its file and the row). They get a password no one knows: they set their own through "forgot
 * password", or an admin sets one. Answers each row's new id.
 */
const insertPeople = async (
  context: CommitContext,
  sheet: string,
  role: 'agent' | 'customer',
  people: readonly Person[],
  links: (person: Person) => { agentId: number | null; referenceCustomerId: number | null },
): Promise<Map<number, number>> => {
  const inserted = await insertUsers(
    context.tx,
    people.map((person) => ({
      name: person.record.name,
      email: person.record.email,
      mobile: person.record.mobile,
      address: person.record.address,
      passwordHash: unusablePasswordHash(),
      roleId: role === 'agent' ? context.roles.agent : context.roles.customer,
      isActive: person.record.active,
      ...links(person),
    })),
  );
  // E-mails are unique (the check made sure): rows and ids pair by them, not by position.
  const idByEmail = new Map(inserted.map((user) => [user.email, user.id]));
  const ids = new Map<number, number>();
  for (const person of people) {
    const id = idByEmail.get(person.record.email.toLowerCase());
    if (id === undefined) throw new Error(`import commit: row ${person.rowNumber} was not inserted`);
    ids.set(person.rowNumber, id);
    context.written.users.add(id);
  }
  await insertAuditRows(
    context.tx,
    people.map((person) =>
      auditRowOf(context.actor, {
        action: 'user_imported',
        resourceType: 'user',
        resourceId: ids.get(person.rowNumber) ?? null,
        metadata: {
          import_id: context.importId,
          file_name: context.fileName,
          sheet,
          row: person.rowNumber,
          role,
        },
      }),
    ),
  );
  return ids;
};

const peopleOf = <R extends AgentRecord>(rows: readonly CheckedRow[]) =>
  rows.flatMap((row) => (row.record ? [{ rowNumber: row.rowNumber, record: row.record as R }] : []));

/** Writes a batch of the Agents sheet; answers how many were written. */
export const writeAgents = async (context: CommitContext, sheet: string, rows: readonly CheckedRow[]) => {
  const agents = peopleOf<AgentRecord>(rows);
  if (agents.length === 0) return 0;
  const ids = await insertPeople(context, sheet, 'agent', agents, () => ({
    agentId: null,
    referenceCustomerId: null,
  }));
  for (const [row, id] of ids) context.ids.agents.set(row, id);
  return agents.length;
};

/**
 * Writes a batch of the Customers sheet: each with their agent and the customer who referred them
 * (as the users form stores them: `agent_id`, `reference_customer_id`), and their reference kept for
 * later imports. A customer referred by a row of the same batch waits for that row's insert.
 */
export const writeCustomers = async (context: CommitContext, sheet: string, rows: readonly CheckedRow[]) => {
  const customers = peopleOf<CustomerRecord>(rows) as { rowNumber: number; record: CustomerRecord }[];
  let chunk: typeof customers = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const ids = await insertPeople(context, sheet, 'customer', chunk, (person) => {
      const record = person.record as CustomerRecord;
      return {
        agentId: idOrNull(record.agent, context.ids.agents, 'agent'),
        referenceCustomerId: idOrNull(record.referredBy, context.ids.customers, 'referring customer'),
      };
    });
    for (const [row, id] of ids) context.ids.customers.set(row, id);
    await insertReferences(
      context.tx,
      chunk.flatMap(({ rowNumber, record }) =>
        record.reference === null
          ? []
          : [
              {
                kind: 'customer',
                referenceKey: referenceKey(record.reference),
                reference: record.reference,
                recordId: ids.get(rowNumber) ?? 0,
                importId: context.importId,
                rowNumber,
              },
            ],
      ),
    );
    chunk = [];
  };
  for (const customer of customers) {
    const referrer = customer.record.referredBy;
    if (referrer?.in === 'file' && !context.ids.customers.has(referrer.row)) await flush();
    chunk.push(customer);
  }
  await flush();
  return customers.length;
};
