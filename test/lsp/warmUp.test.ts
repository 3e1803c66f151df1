/**
 * The warm-up at `initialized` (lsp/warmUp.ts, issue 20): the first environment of the workspace is
 * read, and a request checked, before the first document arrives, so that a hover sent with the
 * `didOpen` of a large file does not pay for them.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import type { Message } from 'vscode-languageserver-protocol/node';
import { createLanguageService } from '../../server/src/core';
import { warmUpRequests } from '../../server/src/lsp/warmUp';
import { RawServer } from './rawServer';

describe('the warm-up', () => {
  it('checks a request that takes a body and a read, both of known endpoints', () => {
    const ls = createLanguageService();
    const doc = ls.parse(warmUpRequests(ls.model));
    assert.equal(doc.blocks.length, 2);
    const codes = ls.validate(doc, { variables: {} }).map((f) => f.code);
    // The empty body was checked against its endpoint's rules (the parameters it needs are missing); neither request is refused as unknown or malformed.
    assert.ok(codes.length > 0);
    assert.ok(!codes.some((c) => c.startsWith('SYNTAX') || c.startsWith('REQ-')), codes.join(' '));
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-warmup-'));
  const server = new RawServer();
  after(() => {
    server.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the workspace\'s environment after `initialized`, before any document is opened', async () => {
    // A malformed environment file: reading it logs a line, which shows when it was read.
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), '{ "dev": ');
    await server.initialize({}, pathToFileURL(dir).href);
    const hover = server.request('textDocument/hover', { textDocument: { uri: pathToFileURL(path.join(dir, 'none.graphreq')).href }, position: { line: 0, character: 0 } });
    server.send(hover.message);
    const answer = await server.answer(hover.id);
    const logged = server.received.findIndex((m) => (m as Message & { method?: string; params?: { message?: string } }).method === 'window/logMessage' && !!(m as { params?: { message?: string } }).params?.message?.includes('graphreq.env.json'));
    assert.ok(logged >= 0 && logged < server.received.indexOf(answer), 'the environment was not read before the first request');
  });
});
