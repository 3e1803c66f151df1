/**
 * The Testing view's run profiles (client/src/testProfiles.ts): the web build's server cannot write
 * snapshot files, so it is not offered "Run and Update Snapshots" (it was, and wrote nothing).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { testRunProfiles } from '../../client/src/testProfiles';

const root = path.resolve(__dirname, '../../..');

describe('Testing view run profiles', () => {
  it('the desktop offers Run, Run and Update Snapshots, and Debug, one default for each kind', () => {
    const profiles = testRunProfiles({ writesSnapshots: true });
    assert.deepEqual(profiles.map((p) => p.label), ['Run', 'Run and Update Snapshots', 'Debug']);
    assert.deepEqual(profiles.filter((p) => p.isDefault).map((p) => p.kind), ['run', 'debug']);
    assert.deepEqual(profiles.find((p) => p.label === 'Run and Update Snapshots')!.mode, { updateSnapshots: true, debug: false });
    assert.deepEqual(profiles.find((p) => p.label === 'Debug')!.mode, { updateSnapshots: false, debug: true });
  });

  it('a host that cannot write snapshots offers no run that updates them', () => {
    const profiles = testRunProfiles({ writesSnapshots: false });
    assert.deepEqual(profiles.map((p) => p.label), ['Run', 'Debug']);
    assert.ok(profiles.every((p) => !p.mode.updateSnapshots));
  });

  it('the web extension says it cannot write snapshots, the desktop that it can', () => {
    // Each host's entry point decides (TestingDeps.writesSnapshots is required, so neither can forget).
    const web = fs.readFileSync(path.join(root, 'client/src/web/extension.ts'), 'utf8');
    const desktop = fs.readFileSync(path.join(root, 'client/src/extension.ts'), 'utf8');
    assert.match(web, /new GraphreqTesting\(\{[^}]*writesSnapshots: false/);
    assert.match(desktop, /new GraphreqTesting\(\{[^}]*writesSnapshots: true/);
  });
});
