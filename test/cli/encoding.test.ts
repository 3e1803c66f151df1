/**
 * Request files that are not UTF-8 (a Latin-1 "Café" saved by an old editor, UTF-16 from Windows
 * PowerShell's `>`, a binary file named *.graphreq), as the CLI meets them in a subprocess: each
 * command refuses the file in one line that says where and what to do (exit 2), sends nothing of it,
 * and never writes it back: lenient decoding had `fmt` rewrite é as U+FFFD and `send` send `Caf�`.
 * Also the byte-order mark: UTF-8 with a BOM is text, and `fmt` keeps the mark.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli } from './cliHelpers';

const CREATE = (name: string): string =>
  `### ${name}\nPOST /v23.0/act_1234567890/adsets\n\n{"name":"${name}","campaign_id":"120200000000000001","daily_budget":2000,"billing_event":"IMPRESSIONS","optimization_goal":"REACH","targeting":{"geo_locations":{"countries":["US"]}},"status":"PAUSED"}\n`;

describe('request files that are not UTF-8', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-encoding-'));
  fs.mkdirSync(path.join(dir, '.git'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // "Café" in Latin-1: é is the single byte 0xE9, at line 1, column 8 of the file.
  const latin1 = Buffer.from(CREATE('Café'), 'latin1');
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('GET /v23.0/t_100200300?fields=id\n', 'utf16le')]);
  const write = (name: string, bytes: Buffer): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };

  it('fmt and check --fix refuse a Latin-1 file in one line and leave its bytes as they were', async () => {
    const file = write('latin1.graphreq', latin1);
    for (const args of [['fmt', 'latin1.graphreq'], ['fmt', '--check', 'latin1.graphreq'], ['check', '--fix', 'latin1.graphreq'], ['check', 'latin1.graphreq']]) {
      const r = await runCli(args, dir);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, new RegExp(`^graphreq ${args[0]}: latin1\\.graphreq: not UTF-8 text \\(byte 0xE9 at line 1, column 8\\): save it as UTF-8; skipped$`, 'm'));
      assert.deepEqual(fs.readFileSync(file), latin1, `${args.join(' ')} changed the file`);
    }
  });

  it('send and test refuse it before sending anything (the service never sees a replacement character)', async () => {
    write('latin1.graphreq', latin1);
    for (const args of [['send', 'latin1.graphreq', '--no-history'], ['test', 'latin1.graphreq', '--all']]) {
      const r = await runCli(args, dir);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /latin1\.graphreq: not UTF-8 text \(byte 0xE9 at line 1, column 8\): save it as UTF-8/);
      assert.doesNotMatch(r.stderr, /\uFFFD|HTTP 200/);
    }
  });

  it('UTF-16 (Windows PowerShell) and binary files get the same one line, and the other files are still checked', async () => {
    write('utf16.graphreq', utf16);
    const binary = write('binary.graphreq', Buffer.from([0x47, 0x45, 0x54, 0x20, 0x80, 0x81, 0x00, 0xfe, 0x0a]));
    write('good.graphreq', Buffer.from('GET /v23.0/t_100200300?fields=id\n'));
    const r = await runCli(['check', 'utf16.graphreq', 'binary.graphreq', 'good.graphreq'], dir);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^graphreq check: utf16\.graphreq: UTF-16 text, not UTF-8: save it as UTF-8; skipped$/m);
    assert.match(r.stderr, /^graphreq check: binary\.graphreq: not UTF-8 text \(byte 0x80 at line 1, column 5\): save it as UTF-8; skipped$/m);
    assert.match(r.stderr, /1 file checked: 0 errors/);
    const before = fs.readFileSync(binary);
    assert.equal((await runCli(['fmt', 'binary.graphreq'], dir)).code, 2);
    assert.deepEqual(fs.readFileSync(binary), before);
  });

  it('a `< path` body in Latin-1 is refused by check and send alike (REQ-BODY-FILE)', async () => {
    fs.writeFileSync(path.join(dir, 'body.json'), Buffer.from('{"name":"Café","campaign_id":"120200000000000001"}', 'latin1'));
    write('fromfile.graphreq', Buffer.from('POST /v23.0/act_1234567890/adsets\n\n< ./body.json\n'));
    const check = await runCli(['check', 'fromfile.graphreq'], dir);
    assert.equal(check.code, 1, check.stderr);
    assert.match(check.stdout, /REQ-BODY-FILE Cannot read the body file `\.\/body\.json`: it is not UTF-8 text \(byte 0xE9 at line 1, column 13\): save it as UTF-8\./);
    const send = await runCli(['send', 'fromfile.graphreq', '--no-history'], dir);
    assert.notEqual(send.code, 0);
    assert.match(send.stdout + send.stderr, /not UTF-8 text \(byte 0xE9 at line 1, column 13\)/);
    assert.doesNotMatch(send.stdout + send.stderr, /HTTP 200/);
  });

  it('UTF-8 with a byte-order mark is text: checked clean, and fmt keeps the mark', async () => {
    const file = write('bom.graphreq', Buffer.from('\uFEFFGET    /v23.0/t_100200300?fields=id\r\n', 'utf8'));
    const tidy = write('bom-tidy.graphreq', Buffer.from('\uFEFFGET /v23.0/t_100200300?fields=id\r\n', 'utf8'));
    const check = await runCli(['check', 'bom.graphreq'], dir);
    assert.equal(check.code, 0, check.stdout + check.stderr);
    const fmtCheck = await runCli(['fmt', '--check', 'bom-tidy.graphreq'], dir);
    assert.equal(fmtCheck.code, 0, `a formatted file with a BOM would be reformatted: ${fmtCheck.stdout}`);
    assert.equal((await runCli(['fmt', 'bom.graphreq'], dir)).code, 0);
    assert.deepEqual(fs.readFileSync(file), fs.readFileSync(tidy));
  });
});
