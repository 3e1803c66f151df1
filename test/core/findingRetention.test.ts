/**
 * A finding whose fixes wait to be computed (core/features/deferredFixes.ts) holds what computes
 * them later (a `LaterLocator`: the block, its file context, the model), never the locator that
 * located it: that one holds the request's call and its body's member index, several megabytes
 * over a file of ten thousand requests with findings, kept as long as the findings (issue 26: the
 * language server's memory).
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseDocument } from '../../server/src/core';
import { buildBlockCall } from '../../server/src/core/analysis/blockCall';
import { buildFileContext } from '../../server/src/core/analysis/fileContext';
import { fixesDeferred } from '../../server/src/core/features/deferredFixes';
import { LaterLocator, Locator } from '../../server/src/core/features/locate';
import { model } from '../helpers';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const TEXT = `POST /v23.0/act_1/adsets
Content-Type: application/json

{
  "name": "a",
  "bid_ammount": 100
}
`;

describe('a finding with deferred fixes', () => {
  it('does not keep the locator that located it', async () => {
    const doc = parseDocument(TEXT);
    const block = doc.blocks[0];
    const ctx = buildFileContext(doc, { variables: {} });
    const bc = buildBlockCall(block, ctx, model);
    assert.ok(bc);
    let locator: Locator | undefined = new Locator(block, bc);
    const located = new WeakRef(locator);
    const finding = locator.finding(
      {
        rule: 'REQ-UNKNOWN-PARAM',
        message: '`bid_ammount` is not documented.',
        at: { kind: 'param', name: 'bid_ammount', part: 'key' },
        related: [{ at: { kind: 'param', name: 'name', part: 'key' }, message: 'here' }],
        fixes: [{ kind: 'renameParam', title: 'Rename to `bid_amount`', name: 'bid_ammount', newName: 'bid_amount' }],
      },
      'warning',
      new LaterLocator(block, ctx, model),
    );
    locator = undefined;
    assert.ok(fixesDeferred(finding));
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    assert.equal(located.deref(), undefined, 'the locator is still held');
    // And the fixes are still computed when read, by a locator made again.
    assert.equal(finding.fixes?.[0]?.edits[0]?.newText.includes('bid_amount'), true, JSON.stringify(finding.fixes));
  });
});
