// Lints a snippet as if it were a file at a given path, with the project's own ESLint
// configuration: the lint-rule tests prove each boundary rule fires (docs/architecture.md
// "Browser and server").
import { ESLint } from 'eslint';
import { beforeAll } from 'vitest';

// A snippet is no file of the TypeScript project, so the rules that need its types (the floating
// promise rules) cannot run on it; every other rule runs as configured.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

/** The rule id and message of every problem ESLint finds in `code` at `filePath`. */
export async function lintProblems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

/**
 * Loads the configuration and its plugins once, before the cases: that is the slow part (seconds
 * on a busy machine), and it should not count against the first case's time.
 */
export function warmUpLint(): void {
  beforeAll(async () => {
    await eslint.lintText('export {};\n', { filePath: 'server/warm-up.ts' });
  }, 120_000);
}
