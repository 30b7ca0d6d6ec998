import { randomBytes } from 'node:crypto';
import { openPostgres } from '../../src/db/client';

/** Names of throwaway databases; the process id keeps parallel runs on one server apart. */
export const templateDatabaseName = () => `lending_template_${process.pid}`;

export const adminUrlFor = (url: string, database?: string): string => {
  const parsed = new URL(url);
  if (database) parsed.pathname = `/${database}`;
  return parsed.toString();
};

/**
 * The PostgreSQL server tests that need one whatever the suite runs on: DATABASE_URL's server when
 * set, otherwise the machine's (CI and every developer machine run one on 127.0.0.1:5432).
 */
export const postgresServerUrl = (): string =>
  process.env.DATABASE_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * An empty database of its own on `postgresServerUrl()` (not migrated: the servers under test do
 * that), with `drop` to remove it. Fails loudly when PostgreSQL is not running.
 */
export const freshPostgresDatabase = async (prefix: string) => {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(adminUrlFor(postgresServerUrl(), 'postgres'));
  try {
    await admin.db.execute(`create database ${name}`);
  } catch (error) {
    await admin.close();
    throw new Error(
      `this test needs PostgreSQL at ${adminUrlFor(postgresServerUrl(), 'postgres')} (set TEST_POSTGRES_URL otherwise): ${(error as Error).message}`,
    );
  }
  return {
    url: adminUrlFor(postgresServerUrl(), name),
    drop: async () => {
      await admin.db.execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
};
