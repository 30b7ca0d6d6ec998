import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';
import { seedSystemAccounts } from '../src/modules/users';
import { TEST_ADMIN } from './support/constants';
import { adminUrlFor, templateDatabaseName } from './support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one template database per run; every test file then starts from a copy of it
 * (a PGlite data-dir dump, or CREATE DATABASE ... TEMPLATE on PostgreSQL) instead of migrating again.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = templateDatabaseName();
    const admin = openPostgres(adminUrlFor(url));
    await admin.db.execute(`drop database if exists ${name}`);
    await admin.db.execute(`create database ${name}`);
    const template = openPostgres(adminUrlFor(url, name));
    await template.migrate();
    await seedSystemAccounts(template.db, TEST_ADMIN);
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.db.execute(`drop database if exists ${name}`);
      await admin.close();
    };
  }
  const database = await openPglite();
  await database.migrate();
  await seedSystemAccounts(database.db, TEST_ADMIN);
  if (database.driver.kind !== 'pglite') throw new Error('openPglite opened no PGlite');
  const dump = await database.driver.pglite.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lending-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
