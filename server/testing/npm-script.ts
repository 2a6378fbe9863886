// The command behind an `npm run <script>` of package.json, as the node invocation npm would end
// up making, for tests that run a documented command (README.md "The two commands") without paying
// for npm, a Node process of its own that starts before the script does. A script that is not a
// plain `node …` is refused, so a changed package.json cannot quietly make a test run something
// other than what `npm run` runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');

export interface ScriptCommand {
  command: string;
  args: string[];
}

export function npmScript(name: string): ScriptCommand {
  const scripts = JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const script = scripts[name];
  if (!script) throw new Error(`package.json has no script "${name}".`);
  const [program, ...args] = script.split(/\s+/);
  if (program === 'node' && !/[&|;<>$`]/.test(script)) return { command: process.execPath, args };
  throw new Error(`npmScript: "${name}" runs "${script}", which this helper cannot run without npm.`);
}
