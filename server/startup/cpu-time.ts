// CPU-seconds of what `npm test` runs: the yardstick of the suite's cost, since wall time moves with
// the machine and CPU time much less (docs/testing.md "Test time"). Read from Linux's /proc; where
// there is none, every reading is null and nothing is printed.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ): 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

export interface StatTimes {
  ppid: number;
  /** The process's own user + system CPU, in seconds. */
  own: number;
  /** The user + system CPU of its children that have ended and been waited for, in seconds. */
  children: number;
}

/** One /proc/<pid>/stat line. The command name may hold spaces and parentheses: fields follow its last ")". */
export function parseStat(line: string): StatTimes {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state (field 3 of proc(5)); utime, stime, cutime and cstime are fields 14–17.
  const tick = (field: number) => Number(fields[field - 3]) / TICKS_PER_SECOND;
  return { ppid: Number(fields[1]), own: tick(14) + tick(15), children: tick(16) + tick(17) };
}

function statOf(pid: number | 'self'): StatTimes | null {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** CPU-seconds of this process's ended children (and theirs, as each was waited for). */
export function childrenCpuSeconds(): number | null {
  return statOf('self')?.children ?? null;
}

/**
 * CPU-seconds a PostgreSQL server has used since it started: the postmaster's own, its ended
 * backends' (it waits for each) and its running ones'. The backends are not children of `npm test`,
 * so its own accounting never sees them. Null when the server's processes are not readable here.
 */
export function postgresServerCpuSeconds(postmasterPid: number): number | null {
  const postmaster = statOf(postmasterPid);
  if (!postmaster) return null;
  let total = postmaster.own + postmaster.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat?.ppid === postmasterPid) total += stat.own;
  }
  return total;
}

/** The postmaster of the backend serving a connection: that backend's parent process. */
export function postmasterOf(backendPid: number): number | null {
  return statOf(backendPid)?.ppid ?? null;
}
