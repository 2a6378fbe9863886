// The cluster the scaling test runs (docs/scaling.md): its own PostgreSQL 15 primary and a streaming
// replica made with pg_basebackup, PgBouncer in transaction mode in front of the primary, three
// console instances whose DATABASE_URL goes through PgBouncer, and HAProxy round-robin in front of
// them. Everything listens on 127.0.0.1 on ports 41xx, lives under one temporary folder, and
// `stop()` ends every process it started and removes the folder. PostgreSQL, initdb and PgBouncer
// run as `postgres` (`runuser`), as CI runs as root.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, createWriteStream, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { nextStartCommand } from '../../server/startup/server-command';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const PORTS = { primary: 4110, replica: 4111, pgbouncer: 4112, haproxy: 4120, stats: 4121, webhook: 4140 } as const;
export const CONSOLE_PORTS = [4131, 4132, 4133] as const;
export const DATABASE = 'memory_console';
export const SECRET = 'cluster-test-secret-0123456789abcdef0123456789';

const root = path.resolve(import.meta.dirname, '../..');

export interface Instance {
  name: string;
  port: number;
  process: ChildProcess | null;
  log: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null;
}

function sh(command: string, args: string[], options: { asPostgres?: boolean; env?: Record<string, string> } = {}): string {
  const [cmd, argv] =
    options.asPostgres && userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', env: { ...process.env, ...options.env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

export class Cluster {
  readonly dir = mkdtempSync('/tmp/mc-cluster-');
  readonly instances: Instance[] = CONSOLE_PORTS.map((port, index) => ({
    name: `c${index + 1}`,
    port,
    process: null,
    log: '',
    exited: null,
  }));
  private children = new Set<ChildProcess>();
  private groups = new Set<ChildProcess>();
  private pgStarted: string[] = [];

  readonly directUrl = `postgresql://postgres@127.0.0.1:${PORTS.primary}/${DATABASE}`;
  readonly replicaUrl = `postgresql://postgres@127.0.0.1:${PORTS.replica}/${DATABASE}`;
  readonly pooledUrl = `postgresql://postgres@127.0.0.1:${PORTS.pgbouncer}/${DATABASE}`;
  readonly url = `http://127.0.0.1:${PORTS.haproxy}`;

  constructor(private readonly say: (line: string) => void) {
    if (userInfo().uid === 0) chownSync(this.dir, uidOf('postgres'), gidOf('postgres'));
  }

  private pgctl(dataDir: string, action: 'start' | 'stop') {
    const args =
      action === 'start'
        ? ['-D', dataDir, '-l', `${dataDir}.log`, '-w', '-t', '60', 'start']
        : ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop'];
    sh(`${PG_BIN}/pg_ctl`, args, { asPostgres: true });
  }

  /** The primary, a replica streaming from it, the database migrated and seeded (directly, never through the pooler). */
  startPostgres() {
    const primary = path.join(this.dir, 'primary');
    sh(`${PG_BIN}/initdb`, ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'], {
      asPostgres: true,
    });
    const settings = [
      `port = ${PORTS.primary}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${this.dir}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'max_connections = 120',
      'shared_buffers = 64MB',
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'hot_standby = on',
    ];
    writeFileSync(path.join(primary, 'postgresql.auto.conf'), settings.join('\n') + '\n');
    this.pgctl(primary, 'start');
    this.pgStarted.push(primary);
    const replica = path.join(this.dir, 'replica');
    sh(`${PG_BIN}/pg_basebackup`, ['-h', '127.0.0.1', '-p', String(PORTS.primary), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream'], {
      asPostgres: true,
    });
    const auto = readFileSync(path.join(replica, 'postgresql.auto.conf'), 'utf8').replace(`port = ${PORTS.primary}\n`, '');
    writeFileSync(path.join(replica, 'postgresql.auto.conf'), `${auto}port = ${PORTS.replica}\n`);
    this.pgctl(replica, 'start');
    this.pgStarted.push(replica);
    sh(`${PG_BIN}/createdb`, ['-h', '127.0.0.1', '-p', String(PORTS.primary), '-U', 'postgres', DATABASE]);
    const seed = spawnSync(process.execPath, ['--liftoff-only', '--import', 'tsx', 'scripts/db-seed.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: this.directUrl, MIGRATION_DATABASE_URL: this.directUrl, PASSWORD_HASH_COST: '4' },
    });
    if (seed.status !== 0) throw new Error(`seeding failed: ${seed.stderr}${seed.stdout}`);
    this.say(`PostgreSQL 15 primary :${PORTS.primary}, streaming replica :${PORTS.replica}, database migrated and seeded`);
  }

  private keep(name: string, command: string, args: string[], options: { asPostgres?: boolean; env?: Record<string, string> } = {}) {
    const [cmd, argv] =
      options.asPostgres && userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    // It writes its log to the file itself, not through a pipe this process drains: a pipe left full
    // while this process waits (a synchronous call, a long check) would block the writer — PgBouncer
    // logs every connection, and one stuck in write() serves no one.
    const logFile = openSync(path.join(this.dir, `${name}.log`), 'a');
    // A process group of its own: runuser does not pass SIGKILL on, so stop() signals the group.
    const child = spawn(cmd, argv, {
      cwd: root,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', logFile, logFile],
      detached: true,
    });
    closeSync(logFile);
    this.groups.add(child);
    this.children.add(child);
    child.on('exit', () => this.children.delete(child));
    return child;
  }

  startPgBouncer() {
    writeFileSync(path.join(this.dir, 'userlist.txt'), '"postgres" ""\n');
    writeFileSync(
      path.join(this.dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `${DATABASE} = host=127.0.0.1 port=${PORTS.primary} dbname=${DATABASE} user=postgres`,
        // any other database by its own name: the integration tests' scratch copies (replica.ts)
        `* = host=127.0.0.1 port=${PORTS.primary} user=postgres`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${PORTS.pgbouncer}`,
        `unix_socket_dir = ${this.dir}`,
        'auth_type = trust',
        `auth_file = ${this.dir}/userlist.txt`,
        'pool_mode = transaction',
        'max_client_conn = 600',
        'default_pool_size = 30',
        'ignore_startup_parameters = extra_float_digits,options',
        'admin_users = postgres',
      ].join('\n') + '\n',
    );
    if (userInfo().uid === 0) chownSync(path.join(this.dir, 'userlist.txt'), uidOf('postgres'), gidOf('postgres'));
    this.keep('pgbouncer', '/usr/sbin/pgbouncer', [path.join(this.dir, 'pgbouncer.ini')], { asPostgres: true });
  }

  consoleEnv(instance: Instance): Record<string, string> {
    return {
      NODE_ENV: 'production',
      DATABASE_URL: this.pooledUrl,
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_REPLICA_URL: this.replicaUrl,
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      NEXTAUTH_URL: this.url,
      NEXTAUTH_SECRET: SECRET,
      TRUST_PROXY: '1',
      JOB_POLL_SECONDS: '1',
      JOB_EVERY_SECONDS: 'alerts.auto-resolve=3,diagnostics.prune=5',
      JOB_LOG: 'runs',
      SHUTDOWN_DRAIN_SECONDS: '3',
      WEBHOOK_DEV_ALLOW: 'http,private',
    };
  }

  startConsole(instance: Instance) {
    const { command, args } = nextStartCommand(root, { port: instance.port, host: '127.0.0.1' });
    const env = { ...this.consoleEnv(instance) };
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, MIGRATION_DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const logFile = createWriteStream(path.join(this.dir, `${instance.name}.log`), { flags: 'a' });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        instance.log += chunk.toString();
        logFile.write(chunk);
      });
    }
    this.children.add(child);
    instance.process = child;
    instance.exited = new Promise((resolve) =>
      child.on('exit', (code, signal) => {
        this.children.delete(child);
        resolve({ code, signal });
      }),
    );
  }

  async waitReady(instance: Instance, timeoutMs = 120_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (instance.process?.exitCode !== null && instance.process?.exitCode !== undefined)
        throw new Error(`${instance.name} exited: ${instance.log.slice(-2000)}`);
      try {
        if ((await fetch(`http://127.0.0.1:${instance.port}/api/health/ready`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`${instance.name} was not ready within ${timeoutMs / 1000} s: ${instance.log.slice(-2000)}`);
  }

  startHaproxy() {
    const servers = this.instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check`);
    const pins = this.instances.map((instance) => `  use-server ${instance.name} if { req.hdr(x-cluster-pin) -m str ${instance.name} }`);
    writeFileSync(
      path.join(this.dir, 'haproxy.cfg'),
      [
        'global',
        '  maxconn 2000',
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 30s',
        '  timeout server 30s',
        '  timeout check 3s',
        // Below Node's keep-alive timeout (5 s): HAProxy closes an idle connection before the console does.
        '  timeout http-keep-alive 2s',
        '  option http-keep-alive',
        '  retries 3',
        '  option redispatch',
        'frontend web',
        `  bind 127.0.0.1:${PORTS.haproxy}`,
        '  default_backend consoles',
        'backend consoles',
        '  balance roundrobin',
        '  http-request set-header X-Forwarded-For %[src]',
        '  http-response set-header X-Served-By %s',
        '  option httpchk',
        '  http-check send meth GET uri /api/health/ready ver HTTP/1.1 hdr Host 127.0.0.1',
        '  http-check expect status 200',
        '  default-server inter 1s fall 2 rise 2',
        ...pins,
        ...servers,
        'listen stats',
        `  bind 127.0.0.1:${PORTS.stats}`,
        '  stats enable',
        '  stats uri /',
      ].join('\n') + '\n',
    );
    this.keep('haproxy', '/usr/sbin/haproxy', ['-db', '-f', path.join(this.dir, 'haproxy.cfg')]);
  }

  /** HAProxy's statistics of the consoles' backend, as CSV (for a failure's report). */
  async haproxyCsv(): Promise<string> {
    const csv = await (await fetch(`http://127.0.0.1:${PORTS.stats}/;csv`)).text();
    return csv
      .split('\n')
      .filter((line) => line.startsWith('# ') || line.startsWith('consoles,'))
      .join('\n');
  }

  /** HAProxy's view: server name → UP, DOWN, … */
  async haproxyStatus(): Promise<Record<string, string>> {
    const csv = await (await fetch(`http://127.0.0.1:${PORTS.stats}/;csv`)).text();
    const status: Record<string, string> = {};
    for (const line of csv.split('\n')) {
      const fields = line.split(',');
      if (fields[0] === 'consoles' && /^c\d$/.test(fields[1] ?? '')) status[fields[1]!] = fields[17]!;
    }
    return status;
  }

  async stop() {
    for (const child of this.children) {
      if (!this.groups.has(child)) child.kill('SIGKILL');
      else if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
    }
    const deadline = Date.now() + 5_000;
    while (this.children.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    for (const child of this.children)
      if (child.pid !== undefined) process.kill(this.groups.has(child) ? -child.pid : child.pid, 'SIGKILL');
    for (const dataDir of this.pgStarted.reverse()) {
      try {
        this.pgctl(dataDir, 'stop');
      } catch (error) {
        this.say(`could not stop PostgreSQL at ${dataDir}: ${String(error)}`);
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function uidOf(user: string): number {
  return Number(sh('id', ['-u', user]).trim());
}

function gidOf(user: string): number {
  return Number(sh('id', ['-g', user]).trim());
}
