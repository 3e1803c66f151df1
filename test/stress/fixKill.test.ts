/**
 * kill -9 (and Ctrl+C) during `graphreq check --fix` of a 40 MB file: afterwards the file holds the
 * old text or the fixed text, whole, never an empty or cut file (issue 15: 8 kills out of 8 left it
 * empty or cut). Each round kills the process at a later file-system event of the folder (the
 * temporary file created, then written), so the rounds fall before, during and after the write; the
 * suite checks that some of them did land in the middle of the write.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { stressOnly } from './stressGate';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(repoRoot, 'bin', 'graphreq.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-fixkill-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const FIXABLE = '### fixable\nGET /v23.0/120200000000000002?date_preset=lifetime\n\n';
const LINE = `# ${'c'.repeat(998)}\n`;
/** About 40 MB: one request with a safe fix, then comment blocks. */
const OLD = FIXABLE + Array.from({ length: 40_000 }, (_, i) => (i % 100 === 0 ? `###\n${LINE}` : LINE)).join('');
const NEW = OLD.replace('date_preset=lifetime', 'date_preset=maximum');

/** Runs check --fix on `file` and sends `signal` at the `nth` event the folder reports; resolves when the process is gone. */
function runAndKill(file: string, nth: number, signal: NodeJS.Signals): Promise<{ killed: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'check', '--fix', file], { stdio: 'ignore' });
    let events = 0;
    let killed = false;
    const watcher = fs.watch(path.dirname(file), () => {
      if (++events === nth && child.exitCode === null) {
        killed = child.kill(signal);
        watcher.close();
      }
    });
    child.once('exit', () => {
      watcher.close();
      resolve({ killed });
    });
  });
}

describe('check --fix killed mid-way', stressOnly, () => {
  it('leaves the old text or the fixed text, whole, after kill -9 or Ctrl+C at any point', { timeout: 600_000 }, async () => {
    const file = path.join(dir, 'big.graphreq');
    const outcomes: string[] = [];
    let midWrite = 0;
    for (const signal of ['SIGKILL', 'SIGINT'] as const) {
      for (let nth = 1; nth <= 10; nth++) {
        fs.writeFileSync(file, OLD);
        const { killed } = await runAndKill(file, nth, signal);
        const now = fs.readFileSync(file, 'utf8');
        const state = now === OLD ? 'old' : now === NEW ? 'new' : `damaged (${now.length} characters)`;
        outcomes.push(`${signal}@${nth}: ${killed ? 'killed' : 'finished'}, ${state}`);
        assert.ok(state === 'old' || state === 'new', outcomes.join('\n'));
        // A temporary file left beside it: the kill came while the fixed text was being written.
        if (fs.readdirSync(dir).some((n) => n.startsWith('big.graphreq.tmp-'))) midWrite++;
      }
    }
    assert.ok(midWrite > 0, `no round landed in the middle of the write:\n${outcomes.join('\n')}`);
    // The next --fix cleans what the killed writers left, and fixes the file.
    fs.writeFileSync(file, OLD);
    await runAndKill(file, Number.MAX_SAFE_INTEGER, 'SIGKILL');
    assert.equal(fs.readFileSync(file, 'utf8'), NEW);
    assert.deepEqual(fs.readdirSync(dir).filter((n) => n.includes('.tmp-')), []);
  });
});
