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

  it('keeps one buffer while messages keep their size, and a smaller one after a large message', async () => {
    const message = (bytes: number) => ({ jsonrpc: '2.0', method: 'x', params: { diagnostics: new RawJson([Buffer.alloc(bytes, 0x31)]) } });
    const large = await rawJsonEncoder.encode(message(6_000_000), { charset: 'utf-8' });
    assert.ok(large.buffer.byteLength >= 6_000_000);
    const small = await rawJsonEncoder.encode(message(2_000_000), { charset: 'utf-8' });
    // The 6 MB reserved for the large message is given back: the message of a keystroke is a third of it.
    assert.ok(small.buffer.byteLength < 3_000_000, `a buffer of ${small.buffer.byteLength} bytes kept for a message of 2 MB`);
    for (const size of [2_000_000, 2_100_000, 1_900_000]) {
      const next = await rawJsonEncoder.encode(message(size), { charset: 'utf-8' });
      // Not a new buffer per keystroke (megabytes of external memory each brought a full collection every few edits).
      assert.equal(next.buffer, small.buffer);
      assert.equal(Buffer.from(next).toString('latin1'), `{"jsonrpc":"2.0","method":"x","params":{"diagnostics":[${'1'.repeat(size)}]}}`);
    }
  });

  it('writes a message without raw parts as JSON', async () => {
    const msg = { jsonrpc: '2.0', id: 1, result: { contents: 'é "quoted"' } };
    assert.equal(Buffer.from(await rawJsonEncoder.encode(msg, { charset: 'utf-8' })).toString('utf8'), JSON.stringify(msg));
  });
});
