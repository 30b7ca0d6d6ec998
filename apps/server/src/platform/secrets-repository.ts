import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * The server-wide secret `name`, created from `generate()` by the first process that asks; every
 * later call, in any process, reads the same value.
 */
export const findOrCreateSecret = async (
  db: Executor,
  name: string,
  generate: () => string,
): Promise<string> => {
  await db.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
};
