/**
 * pgbench's TPC-B on the same PostgreSQL server, in a database of its own (`<name>_pgbench`, made
 * and dropped here): the yardstick the payment throughput is compared with.
 */
import { execFileSync } from 'node:child_process';

export const measurePgbench = async (
  databaseUrl: string,
  options: { connections: number; duration: number },
): Promise<number | undefined> => {
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1)}_pgbench`;
  const server = [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
  ];
  try {
    execFileSync('dropdb', [...server, '--if-exists', name]);
    execFileSync('createdb', [...server, name]);
    execFileSync('pgbench', [...server, '-i', '-q', '-s', '10', name], { stdio: 'ignore' });
    const output = execFileSync(
      'pgbench',
      [...server, '-c', String(options.connections), '-j', '2', '-T', String(options.duration), name],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const match = /tps = ([\d.]+)/.exec(output);
    return match ? Number(match[1]) : undefined;
  } catch (error) {
    console.error(`pgbench could not run: ${(error as Error).message}`);
    return undefined;
  } finally {
    execFileSync('dropdb', [...server, '--if-exists', name]);
  }
};
