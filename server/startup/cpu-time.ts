// CPU-seconds of what `npm test` runs: the yardstick of the suite's cost, since wall time moves with
// the machine and CPU time much less (docs/testing.md "Test time"). Where it may (as root, with a
// cgroup hierarchy it can write), `npm test` puts itself in a cgroup of its own and reads the
// group's CPU: that counts every process it starts, also those whose parent ended before them
// (Playwright ends the consoles' launcher and the consoles together, and nobody waits for the
// consoles). Otherwise it reads Linux's /proc: the CPU of the children it waited for, and theirs.
// Where there is neither, every reading is null and nothing is printed.
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

/** A CPU meter for this process and everything it starts. */
export interface CpuMeter {
  /** What it counts: `cgroup` (every descendant) or `children` (those waited for). */
  readonly counts: 'cgroup' | 'children';
  /** CPU-seconds used so far. */
  read(): number | null;
  /** Leaves the cgroup, if one was made, and removes it when it is empty. */
  close(): void;
}

/** Where a cgroup of this process's own can be made: v1's cpuacct, or v2 (unified), with the file each reports usage in. */
function cgroupRoots(): { dir: string; usage: (group: string) => number }[] {
  const mounts = readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' '));
  const roots: { dir: string; usage: (group: string) => number }[] = [];
  for (const [, dir, type, , options] of mounts) {
    if (!dir) continue;
    if (type === 'cgroup' && options?.split(',').includes('cpuacct')) {
      roots.push({ dir, usage: (group) => Number(readFileSync(path.join(group, 'cpuacct.usage'), 'utf8')) / 1e9 });
    } else if (type === 'cgroup2') {
      roots.push({
        dir,
        usage: (group) => Number(/usage_usec (\d+)/.exec(readFileSync(path.join(group, 'cpu.stat'), 'utf8'))?.[1]) / 1e6,
      });
    }
  }
  return roots;
}

/** Counts this process's CPU and its descendants' from now on. */
export function startCpuMeter(name: string): CpuMeter {
  for (const root of process.platform === 'linux' ? safe(cgroupRoots, []) : []) {
    const group = path.join(root.dir, `${name}-${process.pid}`);
    try {
      mkdirSync(group);
      writeFileSync(path.join(group, 'cgroup.procs'), String(process.pid));
      const start = root.usage(group);
      return {
        counts: 'cgroup',
        read: () => safe(() => root.usage(group) - start, null),
        close: () => {
          safe(() => writeFileSync(path.join(root.dir, 'cgroup.procs'), String(process.pid)), undefined);
          // Still in use while a process it started lives on; then it stays, empty once that ends.
          safe(() => rmdirSync(group), undefined);
        },
      };
    } catch {
      safe(() => rmdirSync(group), undefined);
    }
  }
  const start = childrenCpuSeconds();
  return {
    counts: 'children',
    read: () => {
      const now = childrenCpuSeconds();
      return now === null || start === null ? null : now - start;
    },
    close: () => {},
  };
}

function safe<T, F>(read: () => T, fallback: F): T | F {
  try {
    return read();
  } catch {
    return fallback;
  }
}
