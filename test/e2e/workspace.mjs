// The throw-away workspace both end-to-end runners open: the fixtures (e2e.graphreq with requests to
// send and a broken one, tests.graphreq with a passing and a failing test, graphreq.env.json with a
// `local` environment) and the repository's examples.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..');

export function prepareWorkspace(dir) {
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(path.join(here, 'fixtures'))) fs.copyFileSync(path.join(here, 'fixtures', f), path.join(dir, f));
  fs.mkdirSync(path.join(dir, 'examples'), { recursive: true });
  // The request files and their snapshots (examples/contract.graphreq's tests compare with them); only
  // files: a session folder `.graphreq/` may sit in examples/ after the README's quick start.
  for (const e of fs.readdirSync(path.join(repoRoot, 'examples'), { withFileTypes: true })) {
    if (e.isFile() && (e.name.endsWith('.graphreq') || e.name.endsWith('.snap.json'))) fs.copyFileSync(path.join(repoRoot, 'examples', e.name), path.join(dir, 'examples', e.name));
  }
  // Their environment (the seed account's DSA defaults, {{version}}), with the `local` environment the
  // workspace's settings choose, so that the example collection runs from the Testing view as it is.
  const env = JSON.parse(fs.readFileSync(path.join(repoRoot, 'examples', 'graphreq.env.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'examples', 'graphreq.env.json'), JSON.stringify({ ...env, local: {} }, null, 2) + '\n');
  fs.mkdirSync(path.join(dir, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.vscode', 'settings.json'), JSON.stringify({ 'graphreq.environment': 'local' }, null, 2) + '\n');
}
