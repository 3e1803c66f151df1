/**
 * What the project shows users is formatted as `graphreq fmt` formats it: the examples (what the
 * README tells users to check with `graphreq fmt --check` in CI) and every ```graphreq snippet of the
 * docs and the README. A snippet that is not says which, with its formatted text to paste.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { formatText, parseDocument } from '../../server/src/core';
import { exampleFiles, examplesDir } from '../examples';

const repo = path.resolve(__dirname, '..', '..', '..');
const fmt = (text: string): string => formatText(text, parseDocument(text));

describe('the examples and the docs are formatted', () => {
  it('every example file', () => {
    const files = exampleFiles().filter((f) => f.endsWith('.graphreq'));
    assert.ok(files.length >= 4, files.join(', '));
    for (const f of files) {
      const text = fs.readFileSync(path.join(examplesDir, f), 'utf8');
      assert.equal(fmt(text), text, `examples/${f} is not formatted: run graphreq fmt examples/`);
    }
  });

  it('every ```graphreq snippet of docs/ and the README', () => {
    const docs = [path.join(repo, 'README.md'), ...fs.readdirSync(path.join(repo, 'docs')).filter((f) => f.endsWith('.md')).map((f) => path.join(repo, 'docs', f))];
    let snippets = 0;
    for (const file of docs) {
      const md = fs.readFileSync(file, 'utf8');
      for (const m of md.matchAll(/^```graphreq\n([\s\S]*?)^```$/gm)) {
        snippets++;
        const line = md.slice(0, m.index).split('\n').length;
        const formatted = fmt(m[1]);
        assert.equal(m[1], formatted, `${path.relative(repo, file)}:${line}: the snippet is not formatted; formatted, it reads:\n${formatted}`);
      }
    }
    assert.ok(snippets > 100, `${snippets} snippets`);
  });
});
