/**
 * The host's inputs for the many files of one run (`graphreq check` of a folder, issue 22): each
 * folder's `.env` is looked for and read once, and the files of a folder share one environment,
 * equal to what withHostInputs gives each file alone.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import type { EnvironmentSettings } from '../../server/src/core';
import { hostInputsByFolder, withHostInputs } from '../../server/src/files/hostInputs';

const EMPTY: EnvironmentSettings = { variables: {} };
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-hostinputs-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));
fs.mkdirSync(path.join(root, 'a'));
fs.mkdirSync(path.join(root, 'b'));
fs.writeFileSync(path.join(root, 'graphreq.env.json'), '{}');
fs.writeFileSync(path.join(root, 'a', '.env'), 'GRAPHREQ_VAR_A=a\n');
fs.writeFileSync(path.join(root, '.env'), 'GRAPHREQ_VAR_A=top\n');

describe('host inputs by folder', () => {
  it("reads each folder's .env once: the files of a folder share one environment", () => {
    const inputs = hostInputsByFolder(EMPTY, { stopAt: root, processEnv: { GRAPHREQ_VAR_B: 'b' } });
    const first = inputs(path.join(root, 'a', 'one.graphreq'));
    // Read once: a change of the .env during the run is not read again for the next file of the folder.
    fs.writeFileSync(path.join(root, 'a', '.env'), 'GRAPHREQ_VAR_A=changed\n');
    const second = inputs(path.join(root, 'a', 'two.graphreq'));
    assert.equal(second, first);
    assert.deepEqual({ ...first.dotenv }, { GRAPHREQ_VAR_A: 'a' });
    assert.deepEqual({ ...first.processEnv }, { GRAPHREQ_VAR_B: 'b' });
    const other = inputs(path.join(root, 'b', 'three.graphreq'));
    assert.notEqual(other, first);
    assert.deepEqual({ ...other.dotenv }, { GRAPHREQ_VAR_A: 'top' });
  });

  it('gives what withHostInputs gives each file alone', () => {
    const file = path.join(root, 'b', 'x.graphreq');
    const alone = withHostInputs(EMPTY, file, { stopAt: root, processEnv: {} });
    const shared = hostInputsByFolder(EMPTY, { stopAt: root, processEnv: {} })(file);
    assert.deepEqual({ ...shared.dotenv }, { ...alone.dotenv });
    assert.deepEqual(shared.readFile!('../graphreq.env.json'), alone.readFile!('../graphreq.env.json'));
  });
});
