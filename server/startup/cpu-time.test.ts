// The CPU accounting `npm test` prints: /proc's stat line read right, and a child's CPU counted
// once it has ended.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../testing/npm-script';
import { parseStat, postgresServerCpuSeconds } from './cpu-time';

/** Runs `script` (an ES module, from the repository's root) in a Node process of its own; its last line of output, parsed. */
function lastJsonLineOf<T>(script: string): T {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: repositoryRoot,
  });
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as T;
}

describe('parseStat', () => {
  it('reads the parent and the four times, in seconds, after a command name holding spaces and parentheses', () => {
    const line = '4242 (node (worker) 2) S 17 4242 17 0 -1 4194560 500 0 0 0 250 75 1200 310 20 0 11 0 1000 0 0';
    expect(parseStat(line)).toEqual({ ppid: 17, own: 3.25, children: 15.1 });
  });
});

describe.runIf(process.platform === 'linux')('on Linux', () => {
  // The child's wall time grows with the machine's load, its CPU time does not. Measured in a
  // process of its own: a test worker's other children (other files' servers) end meanwhile too.
  it("counts a child's CPU once it has ended", { timeout: 60_000 }, () => {
    const script = `
      import { spawnSync } from 'node:child_process';
      import { childrenCpuSeconds } from './server/startup/cpu-time.ts';
      const before = childrenCpuSeconds();
      // About a third of a second of CPU in a child process.
      spawnSync(process.execPath, ['-e', 'const end = process.cpuUsage().user + 300000; while (process.cpuUsage().user < end);']);
      console.log(JSON.stringify({ spent: childrenCpuSeconds() - before }));
    `;
    const { spent } = lastJsonLineOf<{ spent: number }>(script);
    expect(spent).toBeGreaterThanOrEqual(0.3);
    expect(spent).toBeLessThan(5);
  });

  it('answers null for a server whose process is not there', () => {
    expect(postgresServerCpuSeconds(2 ** 22 + 1)).toBeNull();
  });
});

describe.runIf(process.platform === 'linux')('startCpuMeter', () => {
  // In a process of its own: the meter moves the process that starts it into a cgroup.
  it('counts a process whose parent ended without waiting for it, when it can make a cgroup', { timeout: 60_000 }, () => {
    const script = `
      import { spawn } from 'node:child_process';
      import { startCpuMeter } from './server/startup/cpu-time.ts';
      const meter = startCpuMeter('memory-console-cpu-test');
      // A parent that starts a busy child and ends at once: nobody waits for the child.
      const parent = spawn(process.execPath, ['-e', \`
        const { spawn } = require('node:child_process');
        const child = spawn(process.execPath, ['-e', 'const end = process.cpuUsage().user + 300000; while (process.cpuUsage().user < end);'], { detached: true, stdio: 'ignore' });
        console.log(child.pid);
        child.unref();
      \`]);
      let pid = '';
      parent.stdout.on('data', (chunk) => (pid += chunk));
      parent.on('exit', async () => {
        while (true) { try { process.kill(Number(pid), 0); await new Promise((r) => setTimeout(r, 50)); } catch { break; } }
        console.log(JSON.stringify({ counts: meter.counts, spent: meter.read() }));
        meter.close();
      });
    `;
    const { counts, spent } = lastJsonLineOf<{ counts: string; spent: number }>(script);
    if (counts === 'cgroup') expect(spent).toBeGreaterThanOrEqual(0.3);
    else expect(counts).toBe('children');
  });
});
