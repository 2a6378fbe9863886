// The bench's command line (scripts/bench/args.ts): --help and errors decided before anything runs.
import { describe, expect, it } from 'vitest';
import { helpText, numberFlag, parseArgs, SECTION_NAMES } from './args';

describe('npm run bench arguments', () => {
  it('--help (or -h) anywhere asks for the help and nothing else', () => {
    expect(parseArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseArgs(['review', '--people=10', '-h'])).toEqual({ kind: 'help' });
  });

  it('the help lists every section and flag', () => {
    const help = helpText();
    for (const name of SECTION_NAMES) expect(help).toContain(`  ${name} `);
    for (const flag of [
      '--help',
      '--people=…',
      '--runs=…',
      '--keep',
      '--reuse=…',
      '--pool-modes=…',
      '--port=…',
      '--compare=…',
      '--warmup=…',
      '--server-per-run',
      '--idle=…',
    ])
      expect(help).toContain(flag);
  });

  it('refuses an unknown flag, naming it', () => {
    expect(parseArgs(['--drop-everything'])).toEqual({ kind: 'error', message: expect.stringContaining('--drop-everything') as string });
    expect(parseArgs(['-x'])).toEqual({ kind: 'error', message: expect.stringContaining('Unknown flag: -x') as string });
  });

  it('refuses an unknown section, naming it', () => {
    expect(parseArgs(['reveiw'])).toEqual({ kind: 'error', message: expect.stringContaining('Unknown section: reveiw') as string });
  });

  it('refuses malformed values', () => {
    expect(parseArgs(['--people'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--people needs a value') as string });
    expect(parseArgs(['--people=ten'])).toMatchObject({ kind: 'error', message: expect.stringContaining('whole number') as string });
    expect(parseArgs(['--keep=yes'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--keep takes no value') as string });
    expect(parseArgs(['--port=70000'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['--runs=2'])).toMatchObject({ kind: 'error', message: expect.stringContaining('at least 3') as string });
    expect(parseArgs(['--ingest-seconds=10'])).toMatchObject({ kind: 'error', message: expect.stringContaining('at least 30') as string });
    expect(parseArgs(['--pool-modes=session,statement'])).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('statement') as string,
    });
    expect(parseArgs(['--reuse=mc"; DROP'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--reuse') as string });
    expect(parseArgs(['--inactive=0.95'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--inactive') as string });
    expect(parseArgs(['--inactive=some'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--inactive') as string });
    expect(parseArgs(['http', '--compare'])).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('--compare needs a value') as string,
    });
    expect(parseArgs(['http', '--compare=../before', '--port=65535'])).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('below 65535') as string,
    });
    expect(parseArgs(['runtime-api', '--inactive=0.2'])).toMatchObject({ kind: 'run', args: { flags: { inactive: '0.2' } } });
    // A warm-up may be left out (0), never negative or fractional.
    expect(parseArgs(['http', '--warmup=0'])).toMatchObject({ kind: 'run', args: { flags: { warmup: '0' } } });
    expect(parseArgs(['http', '--warmup=-5'])).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('--warmup must be a whole number, 0 or more') as string,
    });
    expect(parseArgs(['http', '--warmup=1.5'])).toMatchObject({ kind: 'error', message: expect.stringContaining('(got 1.5)') as string });
    // Seconds without requests: a positive whole number.
    expect(parseArgs(['http', '--idle=12'])).toMatchObject({ kind: 'run', args: { flags: { idle: '12' } } });
    expect(parseArgs(['http', '--idle=0'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--idle') as string });
    expect(parseArgs(['http', '--server-per-run'])).toMatchObject({ kind: 'run', args: { flags: { 'server-per-run': true } } });
    expect(parseArgs(['http', '--server-per-run=yes'])).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('--server-per-run takes no value') as string,
    });
    expect(parseArgs(['http', '--endpoints=memories,search'])).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('(got search)') as string,
    });
    expect(parseArgs(['http', '--endpoints=runtime-list,ingest'])).toMatchObject({
      kind: 'run',
      args: { flags: { endpoints: 'runtime-list,ingest' } },
    });
  });

  it('reads sections and flags', () => {
    const parsed = parseArgs(['http', 'review', 'http', '--people=2000', '--keep', '--pool-modes=transaction']);
    expect(parsed).toEqual({
      kind: 'run',
      args: { sections: ['http', 'review'], flags: { people: '2000', keep: true, 'pool-modes': 'transaction' } },
    });
    if (parsed.kind !== 'run') throw new Error('unreachable');
    expect(numberFlag(parsed.args, 'people', 100_000)).toBe(2000);
    expect(numberFlag(parsed.args, 'runs', 3)).toBe(3);
  });
});
