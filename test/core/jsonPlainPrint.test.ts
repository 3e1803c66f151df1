// A body without comments is printed straight from its items (jsonPlainPrint.ts); the document printer
// is the reference (itself held to Prettier's output by format.test.ts). The two must give the same
// bytes for every such body, width and indentation: groups that fit after the comma that follows them,
// members whose value breaks, lists of numbers filling their lines, blank lines kept, objects their
// author expanded, lists of objects one a line, wide characters.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { layoutJsonBody, layoutJsonBodyBy } from '../../server/src/core/features/jsonLayout';

const gap = fc.constantFrom('', '', '', ' ', '\n', '\n  ', '\n\n', '\n\n    ');
const atom = fc.oneof(
  fc.constantFrom('"US"', '"Spring sale"', '"a long string value that takes some room on the line"', '"日本語の文字列"', 'true', 'false', 'null', '-2.5e3', '{{budget}}', '"{{name}}"', '12345678901234567890'),
  fc.integer({ min: 0, max: 99999 }).map(String),
);
const numbers = fc.array(fc.integer({ min: 0, max: 100000 }).map(String), { minLength: 2, maxLength: 40 });
const { value } = fc.letrec<{ value: string; array: string; numberList: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, atom, tie('array'), tie('numberList'), tie('object')),
  array: fc.array(fc.tuple(gap, tie('value'), gap), { maxLength: 6 }).map((items) => `[${items.map(([a, v, b]) => `${a}${v}${b}`).join(',')}]`),
  numberList: fc.tuple(numbers, fc.array(gap, { minLength: 40, maxLength: 40 })).map(([ns, gaps]) => `[${ns.map((n, i) => `${gaps[i]}${n}`).join(',')}]`),
  object: fc
    .array(fc.tuple(gap, fc.constantFrom('name', 'targeting', 'geo_locations', 'countries', 'daily_budget', 'k', '名前'), tie('value'), gap), { maxLength: 6 })
    .map((ms) => `{${ms.map(([a, k, v, b], i) => `${a}"${k}${i}": ${v}${b}`).join(',')}}`),
}));
const layouts = [
  { printWidth: 80, indent: '  ', indentWidth: 2 },
  { printWidth: 40, indent: '  ', indentWidth: 2 },
  { printWidth: 20, indent: '    ', indentWidth: 4 },
  { printWidth: 60, indent: '\t', indentWidth: 4 },
  { printWidth: 8, indent: '  ', indentWidth: 2 },
];

describe('a body without comments printed from its items', () => {
  it('gives the document printer\'s bytes for generated bodies in any spacing, width and indentation (property)', () => {
    let broken = 0;
    fc.assert(
      fc.property(value, fc.constantFrom(...layouts), (text, options) => {
        const want = layoutJsonBodyBy('document', text, options);
        const got = layoutJsonBodyBy('plain', text, options);
        assert.notEqual(got, undefined, 'a body without comments is printed from its items');
        assert.equal(got, want, JSON.stringify({ text, options }));
        if (want!.includes('\n')) broken++;
      }),
      { numRuns: 3000, seed: 20261128 },
    );
    assert.ok(broken > 1000, `${broken} bodies printed on more than one line`);
  });

  it('lays out the cases each rule of the document printer decides', () => {
    const cases: [string, number, string][] = [
      // The member fits with its comma: flat; one column more and its value breaks, the key staying.
      ['{"a":{"b":1},"c":2}', 17, '{\n  "a": {\n    "b": 1\n  },\n  "c": 2\n}'],
      ['{"a":{"b":1},"c":2}', 18, '{\n  "a": { "b": 1 },\n  "c": 2\n}'],
      // The last member has no comma after it: it fits one column earlier.
      ['{"c":2,"a":{"b":1}}', 16, '{\n  "c": 2,\n  "a": {\n    "b": 1\n  }\n}'],
      ['{"c":2,"a":{"b":1}}', 17, '{\n  "c": 2,\n  "a": { "b": 1 }\n}'],
      // A list of numbers fills its lines; a blank line between two numbers stays and breaks the list.
      ['[1,22,333,4444,55555,666666]', 16, '[\n  1, 22, 333,\n  4444, 55555,\n  666666\n]'],
      ['[1,2,\n\n3]', 80, '[\n  1, 2,\n\n  3\n]'],
      // Lists of objects of more than one member: one a line, whatever the width.
      ['[{"a":1,"b":2},{"a":3,"b":4}]', 80, '[\n  { "a": 1, "b": 2 },\n  { "a": 3, "b": 4 }\n]'],
      // An object its author expanded stays so, and so does every container around it.
      ['{"t":{"g":{\n"c":1}}}', 80, '{\n  "t": {\n    "g": {\n      "c": 1\n    }\n  }\n}'],
      // Empty containers, and atoms wider than the line, are one text wherever they are.
      ['{"a":{},"b":[],"c":"a text much wider than the print width"}', 10, '{\n  "a": {},\n  "b": [],\n  "c": "a text much wider than the print width"\n}'],
    ];
    for (const [text, printWidth, want] of cases) {
      assert.equal(layoutJsonBody(text, { printWidth }), want, `${text} at ${printWidth}`);
      assert.equal(layoutJsonBodyBy('document', text, { printWidth }), want, `${text} at ${printWidth}, document printer`);
    }
  });

  it('leaves a body with a comment to the document printer', () => {
    for (const text of ['{"a":1 // why\n}', '{\n// lead\n"a":1}', '{"a": /* v */ 1}', '[1, 2 /* two */]', '{ /* empty */ }']) {
      assert.equal(layoutJsonBodyBy('plain', text), undefined, text);
      assert.equal(layoutJsonBody(text), layoutJsonBodyBy('document', text), text);
    }
  });
});
