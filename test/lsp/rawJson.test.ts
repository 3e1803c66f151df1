/**
 * Diagnostics kept as bytes are spliced into messages by the stdio encoder (server/src/lsp/rawJson.ts):
 * the bytes written must be exactly the JSON of the message, whatever its shape, however many raw
 * parts it has, and whatever size the message before it had (the encoder reuses its buffer).
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { RawJson, rawJsonEncoder } from '../../server/src/lsp/rawJson';

/** A JSON array's elements split into chunks, as the renderer keeps them. */
const rawArray = fc.array(fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 4 }), { maxLength: 5 }).map((chunks) => ({
  value: chunks.flat(),
  raw: new RawJson(chunks.map((c) => Buffer.from(c.map((v) => JSON.stringify(v)).join(',')))),
}));

describe('RawJson encoder', () => {
  it('writes the JSON of the message, with each raw array where it stands', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), rawArray, rawArray, fc.jsonValue({ maxDepth: 2 }), async (uri, a, b, other) => {
        const msg = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, diagnostics: a.raw, other, more: [b.raw] } };
        const expected = JSON.stringify({ ...msg, params: { uri, diagnostics: a.value, other, more: [b.value] } });
        const bytes = await rawJsonEncoder.encode(msg, { charset: 'utf-8' });
        assert.equal(Buffer.from(bytes).toString('utf8'), expected);
        // Outside the encoder (node IPC, traces) a RawJson is the value it stands for.
        assert.equal(JSON.stringify(msg), expected);
      }),
      { numRuns: 300, seed: 3 },
    );
  });

  it('writes a message without raw parts as JSON', async () => {
    const msg = { jsonrpc: '2.0', id: 1, result: { contents: 'é "quoted"' } };
    assert.equal(Buffer.from(await rawJsonEncoder.encode(msg, { charset: 'utf-8' })).toString('utf8'), JSON.stringify(msg));
  });
});
