/**
 * The CLI's rendering room (server/src/cli/render/): when colours are on, that the streamed JSON
 * array is the array, and that the progress line never glues itself to other output.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Output, type Terminal } from '../../server/src/cli/render/output';
import { JsonArrayWriter } from '../../server/src/cli/render/send';
import { colourEnabled, createStyle, stripColour, visibleText } from '../../server/src/cli/render/style';

function fakeTerminal(over: Partial<Terminal> = {}): Terminal & { written: string[] } {
  const written: string[] = [];
  return { out: (s) => written.push(`out:${s}`), err: (s) => written.push(`err:${s}`), outIsTTY: false, errIsTTY: false, env: {}, columns: 40, written, ...over };
}

describe('CLI rendering', () => {
  it('decides colours as clig.dev and no-color.org say', () => {
    const cases: Array<[boolean, Record<string, string>, boolean | undefined, boolean]> = [
      [true, {}, undefined, true],
      [false, {}, undefined, false],
      [true, { NO_COLOR: '1' }, undefined, false],
      [true, { NO_COLOR: '' }, undefined, true],
      [true, { TERM: 'dumb' }, undefined, false],
      [false, { FORCE_COLOR: '1' }, undefined, true],
      [false, { FORCE_COLOR: '' }, undefined, true],
      [true, { FORCE_COLOR: '0' }, undefined, false],
      [true, { FORCE_COLOR: 'false' }, undefined, false],
      [false, { FORCE_COLOR: '1', NO_COLOR: '1' }, undefined, true],
      [true, { FORCE_COLOR: '1' }, true, false],
    ];
    for (const [isTTY, env, noColorFlag, expected] of cases) assert.equal(colourEnabled({ isTTY, env, noColorFlag }), expected, JSON.stringify({ isTTY, env, noColorFlag }));
  });

  it('leaves text untouched without colours, and wraps it (nesting) with them', () => {
    assert.equal(createStyle(false).red('x'), 'x');
    const s = createStyle(true);
    assert.equal(visibleText(s.bold(s.red('x')), true), '\u001b[1m\u001b[31mx\u001b[39m\u001b[22m');
    assert.equal(visibleText(s.bold(s.red('x')), false), 'x', 'the marks vanish when the stream has no colours');
    assert.equal(stripColour(s.bold(s.red('x'))), 'x');
    assert.equal(s.red(''), '', 'nothing to colour, nothing written');
  });

  it('streams --format json as exactly the array JSON.stringify gives', () => {
    const values = [{ a: 1, b: [1, { c: 'x\ny' }] }, null, 'text', { nested: { deep: [] } }];
    for (let n = 0; n <= values.length; n++) {
      let text = '';
      const w = new JsonArrayWriter((s) => (text += s));
      for (const v of values.slice(0, n)) w.item(v);
      w.end();
      assert.equal(text, JSON.stringify(values.slice(0, n), null, 2) + '\n', `${n} items`);
    }
  });

  it('draws progress on a terminal only, and clears it before anything else is written', () => {
    const tty = fakeTerminal({ errIsTTY: true });
    const o = new Output(tty);
    o.progress('[1/2] sending a request with a long label that does not fit');
    o.out('result\n');
    o.progress('[2/2] sending');
    o.err('summary\n');
    assert.deepEqual(tty.written, ['err:\r\u001b[2K[1/2] sending a request with a long la…', 'err:\r\u001b[2K', 'out:result\n', 'err:\r\u001b[2K[2/2] sending', 'err:\r\u001b[2K', 'err:summary\n']);
    const pipe = fakeTerminal();
    const p = new Output(pipe);
    p.progress('[1/2] sending');
    p.out('result\n');
    assert.deepEqual(pipe.written, ['out:result\n']);
    const dumb = fakeTerminal({ errIsTTY: true, env: { TERM: 'dumb' } });
    new Output(dumb).progress('x');
    assert.deepEqual(dumb.written, []);
  });
});
