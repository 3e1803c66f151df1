/**
 * A repository (a git clone keeps symbolic links) that links a file graphreq reads to a kernel file
 * which says it holds 0 bytes and reads as gigabytes: `/proc/self/pagemap`. `.env` (read for
 * `{{$dotenv NAME}}` by check, send and the language server), `.graphreq/responses.json`,
 * `.graphreq/test-results.json`, `.graphreq-history/rate-state.json` and a history entry were read
 * to their end: `graphreq check`, `send`, `test` and `send --history` never ended (SIGTERM is not
 * handled while a read runs), and the language server answered nothing more once a document of that
 * workspace was opened. Now graphreq's own files are read up to the size they give, and `.env` is
 * read like a body file: regular, 1 MiB at most counted as read (files/regularFile.ts, files/hostInputs.ts).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { LspClient } from '../lsp/lspClient';
import { answersWithin, killIfRunning, runCliKilled, tempWorkspace } from './cliHelpers';

const KERNEL_FILE = '/proc/self/pagemap';
const skip = fs.existsSync(KERNEL_FILE) ? false : `no ${KERNEL_FILE} on this system`;
const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const REQUESTS = '# @name me\n# @expect status 200\nGET /v23.0/t_100200300?fields=id\n\n###\n# @expect status 200\nGET /v23.0/{{me.response.body.id}}?fields=id\nX-Note: {{$dotenv GRAPHREQ_VAR_NOTE}}\n';
const HISTORY_ENTRY = '.graphreq-history/20260101T000000000Z-0-abcd.json';

/** A workspace (a folder of its own under a temporary root) with `req.graphreq` and `link` -> the kernel file. */
function withLink(link: string): string {
  const root = tempWorkspace('graphreq-kernel-');
  dirs.push(root);
  const dir = path.join(root, 'ws');
  fs.mkdirSync(path.join(dir, '.git'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'req.graphreq'), REQUESTS);
  fs.mkdirSync(path.dirname(path.join(dir, link)), { recursive: true });
  fs.symlinkSync(KERNEL_FILE, path.join(dir, link));
  return dir;
}

describe(`a link to ${KERNEL_FILE} where graphreq reads a file keeps nothing busy`, { skip }, () => {
  for (const [link, args] of [
    ['.env', ['check', 'req.graphreq']],
    ['.env', ['send', 'req.graphreq', '--name', 'me']],
    ['.graphreq/responses.json', ['send', 'req.graphreq', '--line', '7']],
    ['.graphreq/test-results.json', ['test', 'req.graphreq']],
    ['.graphreq-history/rate-state.json', ['test', 'req.graphreq']],
    [HISTORY_ENTRY, ['send', '--history']],
  ] as const) {
    it(`${args.join(' ')} with ${link} -> ${KERNEL_FILE} ends`, async () => {
      const dir = withLink(link);
      const run = await runCliKilled([...args], dir);
      assert.equal(run.signal, null, `${args.join(' ')} did not end: ${run.stdout}${run.stderr}`);
      assert.ok(run.code === 0 || run.code === 1 || run.code === 2, `${run.code}: ${run.stderr}`);
      assert.doesNotMatch(run.stderr, /\n\s+at /, run.stderr);
    });
  }

  it('the language server answers a hover in a workspace whose .env is such a link', async () => {
    const dir = withLink('.env');
    const client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: path.join(dir, '..', 'config') });
    try {
      await client.initialize(pathToFileURL(dir).href);
      const uri = pathToFileURL(path.join(dir, 'req.graphreq')).href;
      assert.equal(await answersWithin(client.open(uri, REQUESTS), 20_000), true, 'the diagnostics of the open came');
      assert.equal(await answersWithin(client.request('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 12 } }), 20_000), true, 'the hover was answered');
      assert.equal(await client.shutdown(), 0);
    } finally {
      killIfRunning(client.pid);
    }
  });
});
