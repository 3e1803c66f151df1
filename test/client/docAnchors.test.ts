/**
 * Links into docs/ land on their heading (client/src/docAnchors.ts): every rule ID of
 * schemas/rules.json has the line of its `## ID` heading in docs/rules.md, and every anchor of
 * docs/api.md that citations link to (the generated index) has the line of its heading. Before, a
 * rule link opened the 134 KB rules.md at line 1 (issue 21).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { headingLines, lineFragment } from '../../client/src/docAnchors';
import { apiSections } from '../../server/src/core/model/generated/apiIndex';

const root = path.resolve(__dirname, '..', '..', '..');
const read = (f: string): string => fs.readFileSync(path.join(root, f), 'utf8');

test('each rule ID links to the line of its heading in docs/rules.md', () => {
  const text = read('docs/rules.md');
  const lines = text.split('\n');
  const anchors = headingLines(text);
  const rules = Object.keys((JSON.parse(read('schemas/rules.json')) as { rules: Record<string, unknown> }).rules);
  assert.ok(rules.length > 50, `${rules.length} rules`);
  for (const id of rules) {
    const fragment = lineFragment(anchors, id.toLowerCase());
    assert.ok(fragment, `${id} has a heading`);
    assert.equal(lines[Number(fragment!.slice(1)) - 1], `## ${id}`, id);
  }
});

test('each section of docs/api.md that citations link to has its line', () => {
  const text = read('docs/api.md');
  const lines = text.split('\n');
  const anchors = headingLines(text);
  for (const s of apiSections) {
    const fragment = lineFragment(anchors, s.anchor);
    assert.ok(fragment, s.anchor);
    assert.match(lines[Number(fragment!.slice(1)) - 1], new RegExp(`^#+ \\[${s.doc}\\] ${s.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), s.anchor);
  }
});

test('fenced code is not a heading, a repeated heading is numbered, an unknown anchor has no line', () => {
  const anchors = headingLines('# Top\n```\n## Not a heading\n```\n## Twice\n## Twice\n## `code` and [a link](x.md)');
  assert.deepEqual([...anchors], [['top', 0], ['twice', 4], ['twice-1', 5], ['code-and-a-link', 6]]);
  assert.equal(lineFragment(anchors, 'not-a-heading'), undefined);
  assert.equal(lineFragment(anchors, 'TWICE-1'), 'L6');
  assert.equal(lineFragment(anchors, '%E0%A4%A'), undefined, 'a malformed escape is an anchor like any other');
});
