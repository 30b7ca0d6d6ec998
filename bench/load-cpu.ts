/**
 * CPU time spent by the API processes and by PostgreSQL while a call is driven, read from Linux's
 * /proc (both must run on this machine; elsewhere nothing is reported). It tells where a payment's
 * cost lies: the API's own work, or the database's statements and triggers.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

type Sample = { api: number; database: number };

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100, Linux's usual, when it cannot say). */
const ticksPerSecond = (): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
};

const ticksOf = (pid: string): number => {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

const commandOf = (pid: string): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/** CPU seconds so far of the API processes (`node … main.js`, or `npm start`'s `node scripts/start.mjs`) and of every PostgreSQL process. */
const sample = (): Sample | null => {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const hertz = ticksPerSecond();
  const total: Sample = { api: 0, database: 0 };
  for (const pid of pids) {
    const command = commandOf(pid);
    try {
      if (/^\S*node\S* .*(main\.js|scripts\/start\.mjs)/.test(command)) total.api += ticksOf(pid) / hertz;
      else if (/^postgres/.test(command)) total.database += ticksOf(pid) / hertz;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
};

/**
 * Starts counting; `stop(calls)` answers the CPU milliseconds per call of each side. Processes that
 * end within the run take their time with them, so the pool's long-lived connections are what counts.
 */
export const startCpuCount = () => {
  const before = sample();
  return {
    stop: (calls: number): Sample | null => {
      const after = sample();
      if (!before || !after || calls === 0) return null;
      return {
        api: ((after.api - before.api) * 1000) / calls,
        database: ((after.database - before.database) * 1000) / calls,
      };
    },
  };
};
