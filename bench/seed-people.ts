/** The bench portfolio's customers, inserted set-based: Indian names and cities, spread over the agents. */
import type { IsoDate } from '@lending/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/sql';

const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Shaurya',
  'Atharv',
  'Rohan',
  'Rahul',
  'Amit',
  'Suresh',
  'Ramesh',
  'Mahesh',
  'Ganesh',
  'Imran',
  'Salim',
  'Joseph',
  'Gurpreet',
  'Harpreet',
  'Ananya',
  'Diya',
  'Aadhya',
  'Saanvi',
  'Pari',
  'Anika',
  'Kavya',
  'Priya',
  'Sunita',
  'Anita',
  'Kavita',
  'Lakshmi',
  'Meena',
  'Fatima',
  'Ayesha',
  'Mary',
];
const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Patel',
  'Shah',
  'Mehta',
  'Iyer',
  'Nair',
  'Reddy',
  'Rao',
  'Naidu',
  'Kulkarni',
  'Deshpande',
  'Jadhav',
  'Pawar',
  'Patil',
  'Shinde',
  'Yadav',
  'Singh',
  'Gupta',
  'Agarwal',
  'Khan',
  'Shaikh',
  'Ansari',
  'Fernandes',
  "D'Souza",
  'Das',
  'Banerjee',
  'Mukherjee',
  'Ghosh',
  'Bose',
];
const CITIES = [
  'Pune',
  'Mumbai',
  'Nashik',
  'Nagpur',
  'Indore',
  'Bhopal',
  'Surat',
  'Jaipur',
  'Lucknow',
  'Patna',
];

const textArray = (items: readonly string[]) =>
  `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(', ')}]`;

/** Inserts `count` customers (ids consecutive from the answer's `firstId`), each with one of the agents. */
export const insertBulkCustomers = async (
  db: Db,
  options: {
    count: number;
    agentIds: number[];
    roleId: number;
    passwordHash: string;
    today: IsoDate;
    earliest: IsoDate;
  },
) => {
  const before = await db.execute(sql.raw('select coalesce(max(id), 0) as id from users'));
  const firstId = Number(rowsOf<{ id: number }>(before)[0]?.id ?? 0) + 1;
  const first = textArray(FIRST_NAMES);
  const last = textArray(LAST_NAMES);
  const cities = textArray(CITIES);
  const agents = `array[${options.agentIds.join(', ')}]`;
  const days = Math.max(1, (Date.parse(options.today) - Date.parse(options.earliest)) / 86_400_000);
  await db.execute(
    sql.raw(`insert into users (name, email, mobile, address, password_hash, role_id, agent_id, created_at, updated_at)
      select (${first})[1 + i % ${FIRST_NAMES.length}] || ' ' || (${last})[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
             'customer' || i || '@bench.example.com',
             '9' || lpad((600000000 + i)::text, 9, '0'),
             (i % 200 + 1) || ', Market Road, ' || (${cities})[1 + i % ${CITIES.length}],
             '${options.passwordHash}', ${options.roleId}, (${agents})[1 + i % ${options.agentIds.length}],
             timestamp '${options.earliest} 04:30' + ((i % ${Math.floor(days)}) || ' days')::interval,
             timestamp '${options.earliest} 04:30' + ((i % ${Math.floor(days)}) || ' days')::interval
      from generate_series(1, ${options.count}) i`),
  );
  return { firstId, count: options.count };
};
