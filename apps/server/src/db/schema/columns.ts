import { bigint, bigserial, customType, date, timestamp } from 'drizzle-orm/pg-core';

/** A moment: timestamptz, read as a Date. */
export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => moment('created_at').notNull().defaultNow();
export const updatedAt = () => moment('updated_at').notNull().defaultNow();

/** Money columns: integer paise, read as JS numbers (exact: every amount is a safe integer). */
export const paise = (name: string) => bigint(name, { mode: 'number' });
/** A calendar date (Asia/Kolkata business day), read as 'YYYY-MM-DD'. */
export const calendarDate = (name: string) => date(name, { mode: 'string' });

/** The id of tables that grow with every request or money movement. */
export const bigId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** What deleting the row a reference names does to the referring row. */
export type OnDelete = 'cascade' | 'restrict' | 'set null';

/**
 * A transaction id (`xid8`, 64-bit, never wraps), read as decimal text: the commit-order position a
 * projector reads kept figures' sources by (the read model's projector).
 */
export const transactionId = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
