// `npm run bench [section…] [-- flags]` (docs/benchmarks.md "Running them"). The command line is
// checked before anything is loaded: `-- --help` lists the sections and flags and exits, an unknown
// section or flag exits with 2 naming it — neither touches a database or starts a server.
import { helpText, parseArgs } from './args';

const parsed = parseArgs(process.argv.slice(2));
if (parsed.kind === 'help') {
  console.log(helpText());
  process.exit(0);
}
if (parsed.kind === 'error') {
  console.error(parsed.message);
  process.exit(2);
}
const { runBench } = await import('./run');
process.exit(await runBench(parsed.args));
