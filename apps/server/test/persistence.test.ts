import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client';
import { roles, users } from '../src/db/schema';
import { seedSystemAccounts } from '../src/modules/users';
import { TEST_ADMIN } from './support/constants';

describe('embedded database on disk', () => {
  it('keeps every row across a restart; migrating and seeding again change nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-persist-'));
    try {
      const first = await openPglite({ dataDir: path.join(dataDir, 'db') });
      await first.migrate();
      const firstSeed = await seedSystemAccounts(first.db, TEST_ADMIN);
      expect(firstSeed.createdSuperadmin).toEqual(TEST_ADMIN);
      const [role] = await first.db.select().from(roles).where(eq(roles.name, 'user'));
      await first.db
        .insert(users)
        .values({ name: 'Kept', email: 'kept@example.com', passwordHash: 'x', roleId: role?.id ?? 0 });
      await first.close();

      const second = await openPglite({ dataDir: path.join(dataDir, 'db') });
      await second.migrate();
      const secondSeed = await seedSystemAccounts(second.db, {
        email: 'other@example.com',
        password: 'other123',
      });
      expect(secondSeed.createdSuperadmin).toBeNull();
      const kept = await second.db.select().from(users).where(eq(users.email, 'kept@example.com'));
      expect(kept).toHaveLength(1);
      expect(await second.db.select().from(roles)).toHaveLength(4);
      expect(await second.db.select().from(users)).toHaveLength(2);
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
