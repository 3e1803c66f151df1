/**
 * Text from a request file or from a service reaches the user's terminal through the CLI. Control
 * characters in it (ESC sequences that set the window title, write the clipboard with OSC 52, move the
 * cursor or hide text; a bare carriage return that overwrites a line; bidi overrides) are shown as
 * `\u001b` escapes, never obeyed, with colours on or off; JSON output stays JSON with the same values.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { createStyle, visibleText } from '../../server/src/cli/render/style';
import { localServer } from '../send/sendHelpers';
import { runCli } from './cliHelpers';

/** A terminal's control characters that no output of graphreq may carry raw (ESC is checked apart: colours use it). */
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f-\u009f\u202e]|\r(?!\n)/;
/** ESC, except in the colour codes of render/style.ts. */
const FOREIGN_ESC = /\u001b(?!\[(?:1|2|22|31|32|33|36|39)m)/;

const OSC_TITLE = '\u001b]0;owned\u0007';
const OSC_CLIPBOARD = '\u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007';

describe('control characters in output', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-controls-'));
  fs.mkdirSync(path.join(dir, '.git'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('visibleText keeps text, line breaks, tabs and its own colours, and escapes the rest', () => {
    assert.equal(visibleText('a\tb\r\nc\n', false), 'a\tb\r\nc\n');
    assert.equal(visibleText(`x${OSC_TITLE}y`, false), 'x\\u001b]0;owned\\u0007y');
    assert.equal(visibleText('over\rwrite', false), 'over\\u000dwrite');
    // The text's own colour codes are text, with colours on too: only graphreq's marks become colours.
    assert.equal(visibleText('\u001b[31mred\u001b[39m', true), '\\u001b[31mred\\u001b[39m');
    const own = createStyle(true);
    assert.equal(visibleText(own.red('\u001b[32mred'), true), '\u001b[31m\\u001b[32mred\u001b[39m');
    assert.equal(visibleText(`\u0000${'0'.repeat(12)}31\u0000x`, true), `\\u0000${'0'.repeat(12)}31\\u0000x`, 'a guessed mark is text');
    assert.equal(visibleText('\u001b[31mred\u001b[39m', false), '\\u001b[31mred\\u001b[39m');
    assert.equal(visibleText('\u001b[8mhidden\u001b[2J', true), '\\u001b[8mhidden\\u001b[2J');
    assert.equal(visibleText('abc\u202edef\u0085', false), 'abc\\u202edef\\u0085');
    const json = JSON.stringify({ s: 'a\u0085\u202eb' });
    assert.deepEqual(JSON.parse(visibleText(json, false)), { s: 'a\u0085\u202eb' }, 'JSON keeps its values');
  });

  it('check shows a request file\'s escape sequences in its findings instead of sending them to the terminal', async () => {
    fs.writeFileSync(path.join(dir, 'esc.graphreq'), `GTE${OSC_TITLE} /v23.0/t_100200300\n\n### ${OSC_CLIPBOARD}\nGET /v23.0/t_100200300?fields=id,\u001b[8m\n`);
    for (const env of [{}, { FORCE_COLOR: '1' }] as Array<Record<string, string>>) {
      const r = await runCli(['check', 'esc.graphreq'], dir, env);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stdout, /found `GTE\\u001b\]0;owned\\u0007`/);
      for (const text of [r.stdout, r.stderr]) {
        assert.doesNotMatch(text, RAW_CONTROL, JSON.stringify(text));
        assert.doesNotMatch(text, FOREIGN_ESC, JSON.stringify(text));
      }
    }
  });

  it('send shows a service\'s escape sequences (a non-JSON body, an error message, a title) as text', async () => {
    let n = 0;
    const service = await localServer((_req, _body, res) => {
      if (n++ % 2 === 0) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`hello${OSC_CLIPBOARD}\rfake: all good\n`);
      } else {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `bad ${OSC_TITLE}\u009b2J`, type: 'OAuthException', code: 100, error_user_msg: '\u001b[2Ahidden' } }));
      }
    });
    try {
      fs.writeFileSync(path.join(dir, 'send.graphreq'), `### plain ${OSC_TITLE}\nGET /v23.0/t_100200300?fields=id\n\n### error\nGET /v23.0/t_100200300?fields=id\n`);
      for (const env of [{}, { FORCE_COLOR: '1' }] as Array<Record<string, string>>) {
        const r = await runCli(['send', 'send.graphreq', '--all', '--no-history', '--base-url', service.url], dir, { ...env, GRAPHREQ_ACCESS_TOKEN: 'tok-controls-1234' });
        assert.equal(r.code, 1, r.stderr);
        assert.match(r.stdout, /hello\\u001b\]52;c;Y3VybCBldmlsIHwgc2g=\\u0007\\u000dfake: all good/);
        assert.match(r.stdout, /bad \\u001b\]0;owned\\u0007\\u009b2J/);
        for (const text of [r.stdout, r.stderr]) {
          assert.doesNotMatch(text, RAW_CONTROL, JSON.stringify(text));
          assert.doesNotMatch(text, FOREIGN_ESC, JSON.stringify(text));
        }
      }
      const json = await runCli(['send', 'send.graphreq', '--all', '--no-history', '--format', 'json', '--base-url', service.url], dir, { GRAPHREQ_ACCESS_TOKEN: 'tok-controls-1234' });
      const results = JSON.parse(json.stdout) as Array<{ title: string; body: unknown }>;
      assert.equal(results[0].title, `plain ${OSC_TITLE}`, 'JSON output keeps the values, escaped as JSON');
    } finally {
      await service.close();
    }
  });

  it('shows a service\'s own colour codes as text with colours on, and a line break in a file name as an escape', async () => {
    const service = await localServer((_req, _body, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: '\u001b[32mPASS\u001b[39m all good', type: 'OAuthException', code: 100 } }));
    });
    try {
      const named = 'evil\nfake: 0 errors\n.graphreq';
      fs.writeFileSync(path.join(dir, named), 'GET /v23.0/t_100200300?fields=id,nmae\n');
      const r = await runCli(['send', named, '--no-history', '--base-url', service.url], dir, { FORCE_COLOR: '1', GRAPHREQ_ACCESS_TOKEN: 'tok-controls-1234' });
      assert.match(r.stdout, /\\u001b\[32mPASS\\u001b\[39m all good/, r.stdout);
      assert.doesNotMatch(r.stdout + r.stderr, /\u001b\[32mPASS/);
      const checked = await runCli(['check', named], dir, { FORCE_COLOR: '1' });
      assert.doesNotMatch(checked.stdout + checked.stderr, /^fake: 0 errors/m, checked.stdout + checked.stderr);
      assert.match(checked.stdout, /^evil\\u000afake: 0 errors\\u000a\.graphreq:1:/m);
      const formatted = await runCli(['fmt', '--check', named], dir);
      assert.doesNotMatch(formatted.stdout + formatted.stderr, /^fake: 0 errors/m);
    } finally {
      await service.close();
      for (const f of fs.readdirSync(dir)) if (f.startsWith('evil')) fs.rmSync(path.join(dir, f));
    }
  });
  it('keeps a service\'s line breaks (message, user message, trace id) on graphreq\'s own lines, in every output level', async () => {
    const service = await localServer((_req, _body, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      // An undocumented code: the service's message is the title too.
      res.end(JSON.stringify({ error: { message: 'Bad thing\nfake: 0 errors\r\nalso\u2028forged', type: 'OAuthException', code: 987654, error_user_msg: 'one\ntwo', fbtrace_id: 'A\nfbtrace_id: forged' } }));
    });
    try {
      fs.writeFileSync(path.join(dir, 'lines.graphreq'), 'GET /v23.0/t_100200300?fields=id\n');
      for (const output of ['short', 'full', 'exchange']) {
        const r = await runCli(['send', 'lines.graphreq', '--no-history', '--output', output, '--base-url', service.url], dir, { GRAPHREQ_ACCESS_TOKEN: 'tok-controls-1234' });
        assert.equal(r.code, 1, r.stderr);
        const shown = r.stdout.split('\n').filter((l) => !/^\s*"/.test(l)); // the body's JSON lines hold the escapes JSON gives them
        for (const forged of [/^fake: 0 errors/, /^also/, /^two/, /^fbtrace_id: forged/, /^forged/]) {
          assert.ok(!shown.some((l) => forged.test(l)), `${output}: a line of the service's own: ${r.stdout}`);
        }
        if (output !== 'exchange') assert.match(r.stdout, /Bad thing\\nfake: 0 errors\\nalso\\nforged/, `${output}: ${r.stdout}`);
      }
    } finally {
      await service.close();
    }
  });
});
