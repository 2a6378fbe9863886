// What every bench section measures with: percentiles of its samples, and the CPU and memory of a
// process and everything it started, read from /proc (Linux; docs/benchmarks.md "http").
import { readdirSync, readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * The `p`th percentile of `samples` (any order): the value at index ⌊p·n/100⌋ of the sorted
 * samples, so the p95 of 30 samples is their second slowest and the p50 of an even count the upper
 * of the two middle ones.
 */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

let collect: ((options: { type: 'minor' }) => void) | undefined;

/**
 * Empties this process's young generation now, so that a collection of the bench's own garbage does
 * not fall inside the request or statement it is about to time. The client's collections landed in
 * the slowest timed requests: the runtime list after a change, whose statements leave 2,000 parsed
 * rows behind between requests, had 7 of its 10 slowest requests of 500 overlap one (up to 54 ms;
 * docs/benchmark-history.md "Figures of 7 December, evening"). A minor collection of what is
 * already dead takes about a millisecond; a full one was tried and left the machine busy sweeping
 * through the next request.
 */
export function collectOwnGarbage(): void {
  if (!collect) {
    // V8's `gc` without starting the bench with --expose-gc: a new context gets it once the flag is set.
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as (options: { type: 'minor' }) => void;
  }
  collect({ type: 'minor' });
}

/** The pids of `pid` and everything it started (none once it is gone). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    // gone
  }
  return [pid, ...children.flatMap(processTree)];
}

/**
 * The fields of `/proc/<pid>/stat` after the command's name, from the state on (so `minflt` is
 * at 7, `utime` and `stime` at 11 and 12), or null once the process is gone.
 */
function statFields(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU of `pid` and its children so far, in ms. */
export function treeCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, each) => {
    const fields = statFields(each);
    return fields ? sum + (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS : sum; // utime, stime
  }, 0);
}

/**
 * Minor page faults of `pid` alone so far (0 once it is gone): memory the kernel had to map in,
 * which on this machine costs as much CPU as planning a statement (docs/benchmark-history.md
 * "Figures of 6 December, night").
 */
export function minorFaults(pid: number): number {
  return Number(statFields(pid)?.[7] ?? 0); // minflt
}

/** Resident memory of `pid` and its children now, in MB. */
export function treeRssMb(pid: number): number {
  return processTree(pid).reduce((sum, each) => {
    try {
      const line = readFileSync(`/proc/${each}/status`, 'utf8')
        .split('\n')
        .find((row) => row.startsWith('VmRSS:'));
      return sum + Number(line?.split(/\s+/)[1] ?? 0) / 1024;
    } catch {
      return sum;
    }
  }, 0);
}
