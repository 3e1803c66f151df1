/**
 * `graphreq check` and the file system: what cannot be read is reported in one line and the rest is
 * still checked (a FIFO does not hang it, an unreadable folder does not stop it), and `--fix`
 * never writes over a version of the file it did not read.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCheck } from '../../server/src/cli/check';
import type { Terminal } from '../../server/src/cli/render/output';
import { linksOutside } from './cliHelpers';

function terminal(out: (s: string) => void = () => undefined, err: (s: string) => void = () => undefined): Terminal {
  return { out, err, outIsTTY: false, errIsTTY: false, env: {} };
}

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(repoRoot, 'bin', 'graphreq.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-checkfiles-'));
// Readable by the unprivileged user the unreadable-folder test runs as when the suite runs as root.
fs.chmodSync(dir, 0o755);
after(() => {
  for (const d of fs.readdirSync(dir, { recursive: true }) as string[]) {
    try {
      fs.chmodSync(path.join(dir, d), 0o755);
    } catch {
      /* a FIFO or a file: nothing to restore */
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/**
 * The command nobody runs: under root, a copy of bin/ and the CLI bundle in the readable temporary
 * folder, because the repository itself may sit where nobody cannot read it (a clone in a private
 * temporary folder, as `mktemp -d` makes).
 */
const binAsUser = ((): string => {
  if (!asRoot) return bin;
  const app = path.join(dir, 'app');
  for (const f of ['bin/graphreq.js', 'dist/cli.js']) {
    fs.mkdirSync(path.dirname(path.join(app, f)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, f), path.join(app, f));
  }
  return path.join(app, 'bin', 'graphreq.js');
})();

function check(args: string[], cwd: string, asUser?: number): { code: number | null; stdout: string; stderr: string; signal: NodeJS.Signals | null } {
  const r = spawnSync(process.execPath, [asUser !== undefined ? binAsUser : bin, 'check', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GRAPHREQ_ENV: '' },
    // A hang would end here instead of blocking the suite; the assertion on the exit code then fails.
    timeout: 30_000,
    ...(asUser !== undefined ? { uid: asUser, gid: asUser } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, signal: r.signal };
}

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

const WARNING = 'GET /v23.0/120200000000000002?fields=id,nmae\n';
const FIXABLE = 'GET /v23.0/120200000000000002?date_preset=lifetime\n';

describe('graphreq check and the file system', () => {
  it('skips a FIFO given by name with a message instead of hanging, and checks the rest', { skip: process.platform === 'win32' }, () => {
    const sub = path.join(dir, 'fifo');
    fs.mkdirSync(sub);
    write('fifo/ok.graphreq', WARNING);
    spawnSync('mkfifo', [path.join(sub, 'pipe.graphreq')]);
    assert.ok(fs.statSync(path.join(sub, 'pipe.graphreq')).isFIFO());
    const named = check(['pipe.graphreq', 'ok.graphreq'], sub);
    assert.equal(named.signal, null, 'check hung on the FIFO');
    assert.equal(named.code, 2, named.stderr);
    assert.match(named.stderr, /^graphreq check: pipe\.graphreq: not a regular file; skipped$/m);
    assert.match(named.stdout, /^ok\.graphreq:1:41: warning ADSET-READ-FIELDS/m);
    // In a folder, only regular files are taken: the FIFO is not opened.
    const folder = check(['.'], sub);
    assert.equal(folder.signal, null, 'check hung on the FIFO');
    assert.equal(folder.code, 0, folder.stderr);
    assert.match(folder.stderr, /^1 file checked/m);
  });

  it('reports an unreadable subfolder in one line, checks the rest and exits 2', { skip: process.platform === 'win32' }, () => {
    write('tree/a.graphreq', WARNING);
    write('tree/locked/b.graphreq', WARNING);
    write('tree/z/c.graphreq', WARNING);
    fs.chmodSync(path.join(dir, 'tree', 'locked'), 0o000);
    const r = check(['tree'], dir, asRoot ? NOBODY : undefined);
    assert.equal(r.code, 2, r.stderr);
    const problems = r.stderr.split('\n').filter((l) => l.includes('locked'));
    assert.deepEqual(problems, [`graphreq check: ${path.join('tree', 'locked')}: cannot read the folder (EACCES); skipped`]);
    assert.doesNotMatch(r.stderr, /at .*\.js:\d+/, 'no stack trace');
    assert.match(r.stdout, /^tree[\\/]a\.graphreq:1:41: warning/m);
    assert.match(r.stdout, /^tree[\\/]z[\\/]c\.graphreq:1:41: warning/m);
    assert.match(r.stderr, /^2 files checked: 0 errors, 2 warnings; 1 problem reported above$/m);
  });

  it('stops a folder walk at --max-files with one line and exits 2; a symbolic link loop does not hang it', { skip: process.platform === 'win32' }, () => {
    for (const n of ['a', 'b', 'c', 'd']) write(`many/${n}.graphreq`, WARNING);
    fs.symlinkSync(path.join(dir, 'many'), path.join(dir, 'many', 'loop'));
    const r = check(['many', '--max-files', '3'], dir);
    assert.equal(r.signal, null, 'check hung');
    assert.equal(r.code, 2, r.stderr);
    assert.deepEqual(r.stderr.split('\n').filter((l) => l.includes('stopped')), ['graphreq check: stopped at 3 .graphreq files under many (the limit); name a smaller folder']);
    assert.match(r.stderr, /^3 files checked/m);
    // Under the limit, and through the loop: each file once.
    const all = check(['many'], dir);
    assert.equal(all.code, 0, all.stderr);
    assert.match(all.stderr, /^4 files checked/m);
    assert.equal(check(['many', '--max-files', '0'], dir).code, 2);
  });

  it('reports an unreadable file in one line and checks the others', { skip: process.platform === 'win32' }, () => {
    write('files/a.graphreq', WARNING);
    const locked = write('files/b.graphreq', WARNING);
    fs.chmodSync(locked, 0o000);
    const r = check(['files'], dir, asRoot ? NOBODY : undefined);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^graphreq check: files[\\/]b\.graphreq: cannot read \(EACCES\); skipped$/m);
    assert.match(r.stdout, /^files[\\/]a\.graphreq:1:41: warning/m);
  });

  it('--fix refuses to write over a file changed after it was read, and keeps the change', async () => {
    const file = write('changed.graphreq', FIXABLE);
    const saved = '### saved by the editor while check ran\n' + FIXABLE;
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCheck(['--fix', file], terminal((s) => out.push(s), (s) => err.push(s)), { beforeWrite: (f) => fs.writeFileSync(f, saved) });
    assert.equal(code, 2);
    assert.equal(fs.readFileSync(file, 'utf8'), saved);
    assert.match(err.join(''), /changed\.graphreq: changed while it was checked; the fixes were not written \(run check --fix again\)/);
    assert.deepEqual(fs.readdirSync(dir).filter((n) => n.includes('.tmp-')), []);
  });

  it('--fix refuses a change that keeps the size and the modification time (content hash)', async () => {
    const file = write('same-size.graphreq', FIXABLE);
    fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
    const edited = FIXABLE.replace('120200000000000002', '120200000000000009');
    const code = await runCheck(['--fix', file], terminal(), {
      beforeWrite: (f) => {
        fs.writeFileSync(f, edited);
        fs.utimesSync(f, 1_700_000_000, 1_700_000_000);
      },
    });
    assert.equal(code, 2);
    assert.equal(fs.readFileSync(file, 'utf8'), edited);
  });

  it('--fix keeps the file mode', () => {
    const real = write('moded/real.graphreq', FIXABLE);
    fs.chmodSync(real, 0o640);
    const r = check(['--fix', 'moded/real.graphreq'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(fs.readFileSync(real, 'utf8'), 'GET /v23.0/120200000000000002?date_preset=maximum\n');
    assert.equal(fs.statSync(real).mode & 0o777, 0o640);
  });

  it('--fix writes through no symbolic link, of the file or of a folder on its way, and says so in one line', () => {
    const { real, names, remove } = linksOutside(dir, FIXABLE);
    try {
      for (const named of names) {
        const r = check(['--fix', named], dir);
        assert.equal(r.code, 2, r.stderr);
        assert.equal(fs.readFileSync(real, 'utf8'), FIXABLE, named);
        assert.match(r.stderr, new RegExp(`^graphreq check: ${named.replace('.', '\\.')}: a symbolic link is on its path; the fixes were not written`, 'm'));
        // What is left to fix is still reported.
        assert.match(r.stdout, /date_preset/);
      }
      assert.ok(fs.lstatSync(path.join(dir, 'linked', 'link.graphreq')).isSymbolicLink());
    } finally {
      remove();
    }
  });
});
