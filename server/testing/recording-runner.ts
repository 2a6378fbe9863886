// A raw-SQL runner that records the text of every statement it runs (query and copyOut), for tests
// that hold a service's shape: how many statements, and which. `before` runs ahead of each one, so
// a test can commit a change between two of a service's statements. `names` gets each statement's
// prepared name (undefined: sent unnamed), in the same order.
import type { SqlRunner } from '../db/sql-runner';

export function recordingRunner(
  runner: SqlRunner,
  statements: string[],
  before?: (text: string) => Promise<void>,
  names?: (string | undefined)[],
): SqlRunner {
  const copyOut = runner.copyOut;
  return {
    ...runner,
    query: async (text, params, name) => {
      await before?.(text);
      statements.push(text);
      names?.push(name);
      return runner.query(text, params, name);
    },
    ...(copyOut
      ? {
          copyOut: (text: string) => {
            statements.push(text);
            names?.push(undefined);
            return (async function* () {
              await before?.(text);
              yield* copyOut(text);
            })();
          },
        }
      : {}),
  };
}
