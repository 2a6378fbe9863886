// `npm install` warns EBADENGINE for every installed package whose `engines.node` rejects the
// running Node. The project promises `engines.node` in package.json (e.g. >=20.19), so every
// package in the lockfile must accept the oldest Node that range admits.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('installing on the oldest supported Node', () => {
  it('installs no package whose engines.node rejects the oldest Node package.json admits', () => {
    const oldest = semver.minVersion(readJson('package.json').engines.node)!.version;
    const lock = readJson('package-lock.json') as { packages: Record<string, { engines?: Record<string, string> | string[] }> };
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, entry]) => {
        const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
        return range && !semver.satisfies(oldest, range) ? [`${name} wants node ${range}`] : [];
      });
    expect(oldest).toBe('20.19.0');
    expect(refusing).toEqual([]);
  });
});
