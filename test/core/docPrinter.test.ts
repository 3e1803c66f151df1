/**
 * The document printer (core/features/docPrinter.ts) on documents the JSON layout does not make:
 * nesting far deeper than any body, and groups whose flat text is made once and reused.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { group, hardline, indent, line, printDoc, softline, type Doc } from '../../server/src/core/features/docPrinter';

const options = { printWidth: 20, indent: '  ', indentWidth: 2 };

describe('docPrinter', () => {
  it('prints a group nested 100,000 lists deep without overflowing the stack', () => {
    let deep: Doc = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    assert.equal(printDoc(group(['[', deep, ']']), options), '[x]');
    let groups: Doc = 'y';
    for (let i = 0; i < 20_000; i++) groups = group([groups]);
    assert.equal(printDoc(groups, options), 'y');
  });

  it('a group that fits prints flat, one that does not breaks, and a nested group is judged where it is', () => {
    const list = (items: string[]): Doc => group(['[', indent([softline, items.flatMap((x, i) => (i ? [',', line, x] : [x]))]), softline, ']']);
    assert.equal(printDoc(list(['1', '2', '3']), options), '[1, 2, 3]');
    assert.equal(printDoc(list(['"aaaaaa"', '"bbbbbb"', '"cccccc"']), options), '[\n  "aaaaaa",\n  "bbbbbb",\n  "cccccc"\n]');
    // The inner list fits on its own line once the outer one breaks; the same group object printed twice gives the same text.
    const inner = list(['1', '2']);
    const outer = group(['{', indent([line, '"key": ', inner, ',', line, '"other": ', inner]), line, '}']);
    assert.equal(printDoc(outer, options), '{\n  "key": [1, 2],\n  "other": [1, 2]\n}');
    assert.equal(printDoc(outer, options), '{\n  "key": [1, 2],\n  "other": [1, 2]\n}');
    // What a group keeps of its flat text holds for one width: printed again wider, it fits.
    assert.equal(printDoc(outer, { ...options, printWidth: 80 }), '{ "key": [1, 2], "other": [1, 2] }');
    assert.equal(printDoc(outer, options), '{\n  "key": [1, 2],\n  "other": [1, 2]\n}');
  });

  it('what follows a group on its line counts: a group that fits alone but not with its tail breaks', () => {
    const g = group(['(', indent([softline, 'abcdefghijklmn']), softline, ')']);
    // `(abcdefghijklmn)` is 16 columns: alone it fits in 16, with `tail` after it on the line it does not.
    assert.equal(printDoc([g, 'tail'], { ...options, printWidth: 16 }), '(\n  abcdefghijklmn\n)tail');
    assert.equal(printDoc([g, hardline, 'tail'], { ...options, printWidth: 16 }), '(abcdefghijklmn)\ntail');
  });
});
