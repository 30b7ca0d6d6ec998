import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { createDeps } from './create-deps';
import { openDatabase } from './db/client';
import { seedDemoLender } from './demo/lender';
import { DEMO_PASSWORD, seedDemoData } from './demo/people';
import { DAY_END_CHECK_MS, dayEndClose, enqueueDueCloses } from './modules/classification';
import { exportEverything } from './modules/exports';
import { holidayMove } from './modules/holidays';
import {
  enqueueHousekeepingSweep,
  HOUSEKEEPING_INTERVAL_MS,
  housekeepingSweep,
} from './modules/housekeeping';
import { importCheck, importCommit } from './modules/imports';
import { startJobQueue } from './modules/jobs';
import { startDeliverer } from './modules/messages';
import { startProjector } from './modules/read-model';
import { seedSystemAccounts } from './modules/users';
import { createClock } from './platform/clock';
import { createLogger } from './platform/logging';
import { createMailer } from './platform/mail/transports';
import { isSupervisor, superviseWorkers } from './platform/processes';

/** A configuration mistake stops the start with its message alone: no stack trace to dig through. */
const readConfig = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    console.error(`\n  Refusing to start. ${(error as Error).message}\n`);
    process.exit(1);
  }
};

const config = readConfig();
const log = createLogger(config.logLevel);

// API_PROCESSES > 1: this process only forks and watches the workers, each of which runs what follows.
if (isSupervisor(config.apiProcesses)) process.exit(await superviseWorkers(config.apiProcesses, log));

const database = await openDatabase(config);
// Held until seeding ends, so processes starting together migrate and seed one at a time.
const releaseStartup = await database.lockStartup();
log.info({ database: database.kind }, 'migrating');
await database.migrate();
const seeded = await seedSystemAccounts(database.db, {
  email: config.adminEmail,
  password: config.adminPassword,
});

const clock = createClock({ businessDate: config.businessDate });
if (config.businessDate) log.warn({ businessDate: config.businessDate }, 'BUSINESS_DATE pins "today"');

const deps = await createDeps({
  db: database.db,
  clock,
  dataDir: config.dataDir,
  log,
  tokenTtlHours: config.tokenTtlHours,
  sessionIdleHours: config.sessionIdleHours,
  publicUrl: config.publicUrl,
  lenderName: config.lenderName,
  dayEndCloseAt: config.dayEndCloseAt,
  storageConfig: config.storage,
  apkMaxBytes: config.apkMaxBytes,
  mailer: createMailer(
    { env: config.env, smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom },
    log,
  ),
  env: config.env,
  mailProvider: config.smtpUrl ? 'smtp' : config.env === 'production' ? 'none' : 'files',
  messageProviders: config.messageProviders,
  upi: config.upi,
});
const app = await buildApp({
  deps,
  log,
  webDistDir: config.webDistDir,
  trustProxy: config.trustProxy,
  apiDocs: config.apiDocs,
});

// The demo lender is loaded once, on a database that does not have it yet, through the same services as the screens.
if (config.demoData !== 'none' && (await seedDemoData(database.db))) {
  const full = config.demoData === 'full' ? await seedDemoLender(deps, config.adminEmail) : null;
  const loaded = full ? `${full.customers} customers, ${full.loans} loans in ${full.ms} ms` : 'accounts only';
  log.info(`demo lender loaded (${loaded}); every demo account's password is ${DEMO_PASSWORD}`);
}
await releaseStartup();

// `--seed-only`: migrate and seed (the demo lender too, with DEMO_DATA) then stop, without serving:
// how CI builds a demo database to check its books.
if (process.argv.includes('--seed-only')) {
  await app.close();
  await database.close();
  log.info('seeded; not serving (--seed-only)');
  process.exit(0);
}

// Background jobs run once the start-up lock is released: every process runs a queue.
const jobQueue = await startJobQueue({
  database,
  deps,
  log,
  runners: [housekeepingSweep, exportEverything, importCheck, importCommit, dayEndClose, holidayMove],
});
const keepHouse = () => {
  enqueueHousekeepingSweep(database.db, clock).catch((error: unknown) =>
    log.error({ err: error }, 'housekeeping could not be enqueued'),
  );
};
// At start, then hourly: keyed by the hour, so of N processes one sweeps per hour (docs/jobs.md).
keepHouse();
const housekeeping = setInterval(keepHouse, HOUSEKEEPING_INTERVAL_MS);
housekeeping.unref();
// The day-end close: checked every minute, enqueued keyed by the latest day owed (docs/classification.md).
const closeDays = () => {
  if (config.dayEndCloseAt === null) return;
  enqueueDueCloses(database.db, clock, config.dayEndCloseAt).catch((error: unknown) =>
    log.error({ err: error }, 'the day-end close could not be enqueued'),
  );
};
closeDays();
const dayEnd = setInterval(closeDays, DAY_END_CHECK_MS);
dayEnd.unref();
// The figures that may trail a payment by a moment are folded in from the ledger in commit order.
const projector = startProjector(database.db, log);
// Messages written by events are delivered at each channel's pace (docs/messages.md).
const deliverer = startDeliverer(deps, log);

/** Requests still running this long after SIGTERM are abandoned: the process exits 1 rather than hang. */
const SHUTDOWN_GRACE_MS = 20_000;
let stopping = false;
const shutdown = async (signal: string) => {
  // A worker may get both the terminal's SIGINT and its supervisor's SIGTERM: stop once.
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: no new connections, finishing the requests in flight');
  clearInterval(housekeeping);
  clearInterval(dayEnd);
  setTimeout(() => {
    log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still running after the grace period; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  try {
    // Stops listening, closes idle keep-alive connections, resolves once every request has answered.
    await app.close();
    await projector.stop();
    await deliverer.stop();
    // Attempts in flight get a few seconds to finish, then are aborted (and retried later).
    await jobQueue.stop();
    // Then the database: PGlite writes its shutdown checkpoint, so the next start needs no recovery.
    await database.close();
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  log.info('stopped');
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://${config.host}:${config.port}`;
if (seeded.createdSuperadmin) {
  // Printed once, on the start that created the account, so the first person can sign in.
  // The password is the operator's own in production (the default is refused): never echo it there.
  const password = config.env === 'production' ? '' : `\n    password: ${seeded.createdSuperadmin.password}`;
  console.log(
    `\n  Superadmin created. Sign in at ${url}/admin/login\n    email:    ${seeded.createdSuperadmin.email}${password}\n`,
  );
}
console.log(`  Lending back-office listening on ${url} (API docs: ${url}/api/docs)`);
