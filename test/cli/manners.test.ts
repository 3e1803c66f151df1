/**
 * The CLI's manners (clig.dev): a mistake gets one line that says what was meant and where help is;
 * help is there for each command; a path with nothing to check fails; `check --fix` says what it
 * changed; colours only where they can be seen, switched by NO_COLOR and FORCE_COLOR.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { examples, runCli, tempWorkspace } from './cliHelpers';

const dir = tempWorkspace('graphreq-manners-');
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

const oneLine = (s: string): void => assert.equal(s.trimEnd().split('\n').length, 1, `one line:\n${s}`);

describe('graphreq: mistakes and help', () => {
  it('an unknown command: one line with "did you mean" and where help is', async () => {
    const r = await runCli(['chek', 'examples'], dir);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, 'graphreq: unknown command "chek" (did you mean check?); see graphreq --help\n');
    const far = await runCli(['frobnicate'], dir);
    assert.equal(far.stderr, 'graphreq: unknown command "frobnicate"; see graphreq --help\n');
  });

  it('an unknown option: one line with "did you mean" and the command\'s help, never the parser\'s message', async () => {
    const send = await runCli(['send', 'x.graphreq', '--bial'], dir);
    assert.equal(send.code, 2);
    assert.equal(send.stderr, 'graphreq send: unknown option --bial (did you mean --bail?); see graphreq send --help\n');
    const check = await runCli(['check', '--fromat', 'json'], dir);
    assert.equal(check.stderr, 'graphreq check: unknown option --fromat (did you mean --format?); see graphreq check --help\n');
    const bogus = await runCli(['send', '--bogus'], dir);
    oneLine(bogus.stderr);
    assert.match(bogus.stderr, /^graphreq send: unknown option --bogus; see graphreq send --help\n$/);
    assert.doesNotMatch(bogus.stderr, /positional|To specify/);
    const missing = await runCli(['send', 'x.graphreq', '--name'], dir);
    assert.equal(missing.stderr, 'graphreq send: --name needs a value; see graphreq send --help\n');
    // A value that starts with a dash is taken for an option: the line says how to give it.
    const dashed = await runCli(['send', 'x.graphreq', '--timeout', '-5'], dir);
    assert.equal(dashed.code, 2);
    assert.equal(dashed.stderr, 'graphreq send: --timeout needs a value; a value that starts with "-" is written --timeout=VALUE; see graphreq send --help\n');
    const serve = await runCli(['serve', '--prot', '0'], dir);
    assert.equal(serve.stderr, 'graphreq serve: unknown option --prot (did you mean --port?); see graphreq serve --help\n');
    const lsp = await runCli(['lsp', '--stdoi'], dir);
    assert.equal(lsp.stderr, 'graphreq lsp: unknown option --stdoi (did you mean --stdio?); see graphreq lsp --help\n');
  });

  it('lsp: a transport it cannot use is one line and exit 2, not the library\'s message nor a silent exit 0', async () => {
    const cases: Array<[string[], string]> = [
      [['lsp', '--socket=abc'], 'graphreq lsp: --socket takes the port the editor listens on, from 1 to 65535, not "abc"\n'],
      [['lsp', '--socket'], 'graphreq lsp: --socket takes the port the editor listens on, from 1 to 65535, not nothing\n'],
      [['lsp', '--stdio', '--node-ipc'], 'graphreq lsp: choose one of --stdio, --node-ipc and --socket=PORT\n'],
      // Started from a terminal: no channel to a parent, where the library exited 0 at once.
      [['lsp', '--node-ipc'], 'graphreq lsp: --node-ipc needs the IPC channel of an editor that started graphreq with one (a Node fork); from a terminal or a plain editor, use --stdio\n'],
    ];
    for (const [args, stderr] of cases) {
      const r = await runCli(args, dir);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stderr, stderr, args.join(' '));
    }
  });

  it('graphreq help send and send --help print send\'s own help', async () => {
    const viaHelp = await runCli(['help', 'send'], dir);
    const viaFlag = await runCli(['send', '--help'], dir);
    assert.equal(viaHelp.code, 0);
    assert.equal(viaFlag.code, 0);
    assert.equal(viaHelp.stdout, viaFlag.stdout);
    assert.match(viaHelp.stdout, /^Usage: graphreq send FILE/);
    for (const option of ['--with-deps', '--bail', '--fresh', 'jsonl', '--no-color']) assert.ok(viaHelp.stdout.includes(option), option);
    for (const command of ['check', 'serve', 'lsp']) {
      const h = await runCli(['help', command], dir);
      assert.equal(h.code, 0);
      assert.match(h.stdout, new RegExp(`^Usage: graphreq ${command}`));
    }
    const top = await runCli(['help'], dir);
    assert.equal(top.code, 0);
    assert.match(top.stdout, /graphreq help <command>/);
    const unknown = await runCli(['help', 'sned'], dir);
    assert.equal(unknown.code, 2);
    assert.equal(unknown.stderr, 'graphreq: unknown command "sned" (did you mean send?); see graphreq --help\n');
  });

  it('a path with nothing to check exits 2, for check and send', async () => {
    fs.mkdirSync(path.join(dir, 'empty'), { recursive: true });
    write('empty/notes.txt', 'not a request');
    const check = await runCli(['check', 'empty/'], dir);
    assert.equal(check.code, 2);
    assert.equal(check.stderr, 'graphreq check: no .graphreq files under empty/\n');
    const noSlash = await runCli(['check', 'empty'], dir);
    assert.equal(noSlash.stderr, 'graphreq check: no .graphreq files under empty/\n');
    const send = await runCli(['send', 'empty', '--all'], dir);
    assert.equal(send.code, 2);
    assert.equal(send.stderr, 'graphreq send: no .graphreq files under empty/\n');
    const mixed = await runCli(['check', path.relative(dir, examples), 'empty'], dir);
    assert.equal(mixed.code, 2, 'one empty path is enough to fail');
  });

  it('check --fix lists every fix it applied: file:line, rule, before -> after (tokens redacted)', async () => {
    const file = write(
      'fix/fix.graphreq',
      `### TARGET_COST
POST /v23.0/act_1234567890/adsets

{ "name": "x", "campaign_id": "1", "daily_budget": 2000, "bid_strategy": "TARGET_COST", "bid_amount": 500, "status": "paused" }

### lifetime
GET /v23.0/120200000000000002?date_preset=lifetime&access_token=EAAB1234567890abcdef

### version
GET /v23/t_100200300?fields=messages.source(ADMINS)

### scrape
POST /v23.0/?scrape=true&id=https://example.com/p?x=1&y=2

### create
POST /v23.0/?id=https%3A%2F%2Fexample.com%2F
`,
    );
    const r = await runCli(['check', '--fix', 'fix/fix.graphreq'], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(r.stdout.split('\n').filter((l) => / fixed /.test(l)), [
      'fix/fix.graphreq:4: fixed ADSET-TARGET-COST "TARGET_COST" -> "COST_CAP"',
      'fix/fix.graphreq:4: fixed ADSET-STATUS "paused" -> "PAUSED"',
      'fix/fix.graphreq:7: fixed ADSET-DATE-PRESET lifetime -> maximum',
      'fix/fix.graphreq:7: fixed REQ-TOKEN-IN-FILE &access_token=[REDACTED] -> (nothing)',
      'fix/fix.graphreq:10: fixed REQ-VERSION-FORMAT v23 -> v23.0',
      'fix/fix.graphreq:10: fixed THREAD-SOURCE-VALUE ADMINS -> PARTICIPANTS',
      'fix/fix.graphreq:13: fixed URL-ID-ENCODED https://example.com/p?x=1&y=2 -> https%3A%2F%2Fexample.com%2Fp%3Fx%3D1%26y%3D2',
      'fix/fix.graphreq:16: fixed URL-NO-CREATE-DELETE (nothing) -> &scrape=true',
    ]);
    assert.ok(!r.stdout.includes('EAAB1234567890abcdef') && !r.stderr.includes('EAAB1234567890abcdef'), 'the token removed is not printed');
    assert.equal(r.stderr, '1 file checked: 0 errors, 0 warnings; 8 fixes applied\n');
    assert.ok(fs.readFileSync(file, 'utf8').includes('"bid_strategy": "COST_CAP"'), 'the file is fixed');
    const json = await runCli(['check', '--fix', '--format', 'json', 'fix/fix.graphreq'], dir);
    assert.doesNotThrow(() => JSON.parse(json.stdout), 'JSON output stays one array');
  });
});

describe('graphreq: colours', () => {
  const broken = (): string => write('colour/broken.graphreq', 'GET /v23.0/120200000000000002?fields=id,nmae\n');

  it('check: none into a pipe, forced with FORCE_COLOR, none with NO_COLOR or --no-color', async () => {
    const file = path.relative(dir, broken());
    const piped = await runCli(['check', file], dir);
    assert.doesNotMatch(piped.stdout + piped.stderr, /\u001b\[/);
    assert.match(piped.stdout, /^colour\/broken\.graphreq:1:41: warning ADSET-READ-FIELDS /);
    const forced = await runCli(['check', file], dir, { FORCE_COLOR: '1' });
    assert.match(forced.stdout, /^colour\/broken\.graphreq:1:41: \u001b\[33mwarning\u001b\[39m \u001b\[2mADSET-READ-FIELDS\u001b\[22m /);
    assert.equal(forced.stdout.replace(/\u001b\[\d+m/g, ''), piped.stdout, 'colours wrap the same text');
    const off = await runCli(['check', file], dir, { FORCE_COLOR: '0' });
    assert.doesNotMatch(off.stdout, /\u001b\[/);
    const flag = await runCli(['check', file, '--no-color'], dir, { FORCE_COLOR: '1' });
    assert.doesNotMatch(flag.stdout, /\u001b\[/, '--no-color wins over everything');
  });
});
