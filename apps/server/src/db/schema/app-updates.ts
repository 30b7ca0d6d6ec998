import { bigint, boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { moment, updatedAt } from './columns';

/**
 * The update configuration the field app polls, one row per platform ('android' today). A row, not a
 * file beside the APKs, so every server process answers the same version.
 */
export const appUpdateConfigs = pgTable('app_update_configs', {
  platform: text('platform').primaryKey(),
  version: text('version').notNull(),
  minVersion: text('min_version').notNull(),
  changelog: jsonb('changelog').$type<string[]>().notNull().default([]),
  forceUpdate: boolean('force_update').notNull().default(false),
  /** The stored APK the download answers with; null until one is uploaded. */
  fileName: text('file_name'),
  fileSize: bigint('file_size', { mode: 'number' }),
  releaseDate: moment('release_date'),
  updatedAt: updatedAt(),
});
