import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appUpdateConfigs } from '../../db/schema';

export type AppUpdatePlatform = 'android';

export type AppUpdateRow = typeof appUpdateConfigs.$inferSelect;

export type AppUpdateValues = Omit<typeof appUpdateConfigs.$inferInsert, 'platform' | 'updatedAt'>;

export const findAppUpdateConfig = async (
  db: Executor,
  platform: AppUpdatePlatform,
): Promise<AppUpdateRow | null> => {
  const [row] = await db.select().from(appUpdateConfigs).where(eq(appUpdateConfigs.platform, platform));
  return row ?? null;
};

/** Writes the platform's configuration, creating its row on the first write. */
export const saveAppUpdateConfig = async (
  db: Executor,
  platform: AppUpdatePlatform,
  values: AppUpdateValues,
  now: Date,
): Promise<void> => {
  await db
    .insert(appUpdateConfigs)
    .values({ platform, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: appUpdateConfigs.platform, set: { ...values, updatedAt: now } });
};

/** Forgets the APK the download answers with when that very file is deleted; true when it was. */
export const clearAppUpdateFile = async (
  db: Executor,
  platform: AppUpdatePlatform,
  fileName: string,
): Promise<boolean> => {
  const cleared = await db
    .update(appUpdateConfigs)
    .set({ fileName: null, fileSize: null })
    .where(and(eq(appUpdateConfigs.platform, platform), eq(appUpdateConfigs.fileName, fileName)))
    .returning({ platform: appUpdateConfigs.platform });
  return cleared.length > 0;
};
