/**
 * The repository's examples/ for tests: its request files (files only: a workspace session folder
 * `.graphreq/` may sit beside them after the README's quick start), the environment they are
 * checked in (examples/graphreq.env.json: the seed account's DSA defaults), and copies of them in a
 * temporary folder, so that a test that sends them never writes into the repository.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readEnvironmentFile, resolveEnvironment, type Environment } from '../server/src/core';

export const examplesDir = path.resolve(__dirname, '..', '..', 'examples');

/** The `.graphreq` files of examples/, sorted by name. */
export function exampleFiles(): string[] {
  return fs
    .readdirSync(examplesDir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.graphreq'))
    .map((e) => e.name)
    .sort();
}

/** The environment the examples are checked and sent in (`$shared` of examples/graphreq.env.json). */
export function examplesEnvironment(): Environment {
  const json = JSON.parse(fs.readFileSync(path.join(examplesDir, 'graphreq.env.json'), 'utf8')) as unknown;
  return resolveEnvironment(readEnvironmentFile(json), undefined);
}

/**
 * A copy of examples/ in a new temporary folder: its request files, with `env` its environment
 * file and snapshot files too (then the copy is a workspace of its own). Returns the folder.
 */
export function copyExamples(options: { env?: boolean } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-examples-'));
  for (const e of fs.readdirSync(examplesDir, { withFileTypes: true })) {
    if (!e.isFile()) continue;
    if (e.name.endsWith('.graphreq') || (options.env && (e.name === 'graphreq.env.json' || e.name.endsWith('.snap.json')))) fs.copyFileSync(path.join(examplesDir, e.name), path.join(dir, e.name));
  }
  return dir;
}
