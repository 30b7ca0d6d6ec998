import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupCli } from '../../src/backup';
import type { Database } from '../../src/db/client';
import { samples } from '../support/factories';
import { httpClient } from '../support/http-client';
import {
  approvedLoans,
  type EngineKind,
  expectStatus,
  type ProcessEngine,
  processEngine,
  signInAdmin,
} from '../support/process-faults';
import { type ServerProcess, startServerProcess, waitUntilUp } from '../support/server-process';

/**
 * `npm run backup` then `npm run restore` into a new place: the same rows in every table, the
 * same uploaded bytes, and books that balance. On PGlite and on PostgreSQL.
 */

const cli = async (args: string[], env: Record<string, string>) => {
  const lines: string[] = [];
  const sink = (line: string) => void lines.push(line);
  return { code: await runBackupCli(args, env, { out: sink, err: sink }), output: lines.join('\n') };
};

/** Rows per table of the application's schemas. */
const rowCounts = async (database: Database) => {
  const { rows } = (await database.db.execute(
    "select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1",
  )) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const result = (await database.db.execute(`select count(*)::int as n from ${name}`)) as unknown as {
      rows: { n: number }[];
    };
    counts[name] = result.rows[0]?.n ?? 0;
  }
  return counts;
};

const filesOf = (folder: string) =>
  Object.fromEntries(fs.readdirSync(folder).map((name) => [name, fs.readFileSync(path.join(folder, name))]));

describe.each<EngineKind>(['pglite', 'postgres'])('backup and restore on %s', (kind) => {
  let source: ProcessEngine;
  let target: ProcessEngine;
  let server: ServerProcess | undefined;
  const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lending-archive-')), 'backup.tar.gz');

  beforeAll(async () => {
    [source, target] = await Promise.all([processEngine(kind), processEngine(kind)]);
    // Books, a payment and an uploaded document, recorded through the API of a real server.
    server = await startServerProcess(source.env);
    await waitUntilUp(server, 180_000);
    const client = httpClient(server.url);
    const token = await signInAdmin(client);
    const [loanId] = await approvedLoans(client, token, 1, 10);
    expectStatus(await client.post(`/api/emi/pay/${loanId}/1`, {}, token, 'backup-pay-1'));
    const roles = expectStatus(await client.get('/api/roles', token)) as unknown as {
      id: number;
      name: string;
    }[];
    const fields = {
      name: 'Kavita Rao',
      email: 'kavita.rao@example.com',
      password: 'secret123',
      role_id: String(roles.find((role) => role.name === 'user')?.id),
      is_active: 'true',
      mobile: '9876543299',
    };
    const cheque = { name: 'cheque.pdf', type: 'application/pdf', bytes: samples.pdf };
    expectStatus(await client.postForm('/api/users', fields, { bank_check: cheque }, token), 201);
    // PGlite is backed up stopped; PostgreSQL may run, but stopping makes the two cases alike.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await Promise.all([source?.drop(), target?.drop()]);
    fs.rmSync(path.dirname(archive), { recursive: true, force: true });
  }, 60_000);

  it('restores the same rows, the same files and balanced books into a new place', async () => {
    const written = await cli(['backup', '--out', archive], source.env);
    expect(written.output).toMatch(/written to/);
    expect(written.code).toBe(0);

    const restored = await cli(['restore', '--from', archive], target.env);
    expect(restored.output).toMatch(/restored/);
    expect(restored.code).toBe(0);

    const [before, after] = [await source.open(), await target.open()];
    try {
      const counts = await rowCounts(before);
      expect(counts['public.emi_payments']).toBe(1);
      expect(await rowCounts(after)).toEqual(counts);
    } finally {
      await Promise.all([before.close(), after.close()]);
    }
    const uploads = filesOf(path.join(source.dataDir, 'uploads'));
    expect(Object.values(uploads)).toEqual([Buffer.from(samples.pdf)]);
    expect(filesOf(path.join(target.dataDir, 'uploads'))).toEqual(uploads);

    const books = await target.verify();
    expect(books.output).toMatch(/1 loans checked, all balanced/);
    expect(books.code).toBe(0);
  }, 120_000);

  it('refuses to restore over data without --force, and replaces it with --force', async () => {
    const refused = await cli(['restore', '--from', archive], target.env);
    expect(refused.output).toMatch(/already holds data; add --force/);
    expect(refused.code).toBe(1);

    expect((await cli(['restore', '--from', archive, '--force'], target.env)).code).toBe(0);
    const books = await target.verify();
    expect(books.code, books.output).toBe(0);
  }, 120_000);
});
