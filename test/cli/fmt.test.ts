/**
 * `graphreq fmt` as a user runs it: `node bin/graphreq.js fmt` in a subprocess, on files in a
 * temporary folder. Exit codes: 0 formatted (or --check: nothing to change), 1 --check found files
 * that would change, 2 usage or I/O error.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, beforeEach, describe, it } from 'node:test';
import { linksOutside } from './cliHelpers';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(repoRoot, 'bin', 'graphreq.js');

function fmt(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const r = spawnSync(process.execPath, [bin, 'fmt', ...args], { cwd, encoding: 'utf8', env, timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const MESSY = `###Read
GET    /v23.0/120200000000000002
?fields=id,name


###   Create
POST /v23.0/act_1/adsets
{
"name":"Sale","daily_budget":{{budget}}}
`;
const TIDY = `### Read
GET /v23.0/120200000000000002
  ?fields=id,name

### Create
POST /v23.0/act_1/adsets

{
  "name": "Sale",
  "daily_budget": {{budget}}
}
`;

describe('graphreq fmt (CLI)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-fmt-'));
  const messy = path.join(dir, 'messy.graphreq');
  const tidy = path.join(dir, 'sub', 'tidy.graphreq');
  beforeEach(() => {
    fs.mkdirSync(path.dirname(tidy), { recursive: true });
    fs.writeFileSync(messy, MESSY);
    fs.writeFileSync(tidy, TIDY);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('--check lists the files that would change, exits 1, and writes nothing', () => {
    const r = fmt(['--check', '.'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, `messy.graphreq\n`);
    assert.match(r.stderr, /1 file of 2 would be reformatted \(run graphreq fmt to format it\)/);
    assert.equal(fs.readFileSync(messy, 'utf8'), MESSY);
  });

  it('formats in place, lists what it formatted, and then --check passes', () => {
    const r = fmt([], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `formatted messy.graphreq\n`);
    assert.match(r.stderr, /1 file formatted, 1 already formatted/);
    assert.equal(fs.readFileSync(messy, 'utf8'), TIDY);
    assert.equal(fs.readFileSync(tidy, 'utf8'), TIDY);
    const again = fmt(['--check'], dir);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.equal(again.stdout, '');
    assert.match(again.stderr, /2 files already formatted/);
  });

  it('takes the indentation options', () => {
    const r = fmt(['--tab-size', '4', messy], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(fs.readFileSync(messy, 'utf8'), TIDY.replace(/^  /gm, '    '));
    const tabs = fmt(['--use-tabs', messy], dir);
    assert.equal(tabs.code, 0, tabs.stderr);
    assert.equal(fs.readFileSync(messy, 'utf8'), TIDY.replace(/^  /gm, '\t'));
  });

  it('takes the print width from --print-width, else from .editorconfig, as Prettier does', () => {
    const folder = path.join(dir, 'configured');
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'wide.graphreq');
    after(() => fs.rmSync(folder, { recursive: true, force: true }));
    const body = `POST /v23.0/act_1/adsets\n\n{ "name": "Sale", "targeting": { "geo_locations": { "countries": ["US"] } } }\n`;
    fs.writeFileSync(file, body);
    // Within 80 columns: kept on one line, as Prettier keeps it.
    assert.equal(fmt(['--check', file], dir).code, 0);
    const narrow = fmt(['--print-width', '50', file], dir);
    assert.equal(narrow.code, 0, narrow.stderr);
    assert.equal(fs.readFileSync(file, 'utf8'), `POST /v23.0/act_1/adsets\n\n{\n  "name": "Sale",\n  "targeting": {\n    "geo_locations": { "countries": ["US"] }\n  }\n}\n`);
    fs.writeFileSync(file, body);
    fs.writeFileSync(path.join(folder, '.editorconfig'), 'root = true\n\n[*]\nindent_size = 8\n\n[*.graphreq]\nmax_line_length = 60\nindent_style = space\nindent_size = 4\n');
    const configured = fmt([file], dir);
    assert.equal(configured.code, 0, configured.stderr);
    assert.equal(fs.readFileSync(file, 'utf8'), `POST /v23.0/act_1/adsets\n\n{\n    "name": "Sale",\n    "targeting": {\n        "geo_locations": { "countries": ["US"] }\n    }\n}\n`);
    // The flags win over the file.
    fs.writeFileSync(file, body);
    assert.equal(fmt(['--print-width', '100', '--tab-size', '2', file], dir).code, 0);
    assert.equal(fs.readFileSync(file, 'utf8'), body);
  });

  it('leaves no temporary file beside what it wrote and keeps the file\'s mode', () => {
    fs.chmodSync(messy, 0o640);
    assert.equal(fmt([messy], dir).code, 0);
    assert.deepEqual(fs.readdirSync(dir).filter((f) => f !== 'configured').sort(), ['messy.graphreq', 'sub']);
    assert.equal(fs.statSync(messy).mode & 0o777, 0o640);
  });

  it('writes through no symbolic link, of the file or of a folder on its way, and says so in one line', { skip: process.platform === 'win32' }, () => {
    // A repository's `requests.graphreq -> ~/notes.graphreq`: named or walked, the file it links to is not rewritten.
    const { real, names, remove } = linksOutside(dir, MESSY);
    try {
      for (const named of names) {
        const r = fmt([named], dir);
        assert.equal(r.code, 2, r.stderr);
        assert.equal(fs.readFileSync(real, 'utf8'), MESSY, named);
        assert.match(r.stderr, new RegExp(`^graphreq fmt: ${named.replace('.', '\\.')}: a symbolic link is on its path; not formatted`, 'm'));
        // Not written is neither formatted nor already formatted.
        assert.match(r.stderr, /^0 files formatted, 0 already formatted, 1 not written; 1 problem reported above$/m);
      }
      assert.equal(fmt(['.'], dir).code, 0);
      assert.equal(fs.readFileSync(real, 'utf8'), MESSY, 'the folder walk');
      assert.ok(fs.lstatSync(path.join(dir, 'linked', 'link.graphreq')).isSymbolicLink());
    } finally {
      remove();
    }
  });

  it('answers a bad flag, a bad value and a missing path in one line with exit code 2', () => {
    for (const [args, pattern] of [
      [['--chek'], /unknown option --chek \(did you mean --check\?\)/],
      [['--tab-size', 'x'], /--tab-size takes a whole number from 1 to 16, not "x"/],
      [['--print-width', '5'], /--print-width takes a whole number from 20 to 1000, not "5"/],
      [['nowhere.graphreq'], /nowhere.graphreq: no such file or folder/],
    ] as Array<[string[], RegExp]>) {
      const r = fmt(args, dir);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, pattern);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    }
  });

  it('is listed in the help, with its own help', () => {
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    assert.match(help.stdout, /^ {2}fmt {5}format \.graphreq files/m);
    const own = fmt(['--help'], dir);
    assert.equal(own.code, 0);
    assert.match(own.stdout, /--check {10}write nothing: list the files that would change and exit 1/);
  });
});
