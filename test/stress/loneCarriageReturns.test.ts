/**
 * Issue 20 item 10 at volume: a lone carriage return is a line break (LSP: "\n", "\r\n" and "\r"
 * each end a line), and the language server counted only line feeds, so its positions pointed at
 * other lines and the edits a client sent by line went elsewhere (the first pass measured 407 edits).
 * Here the real server over stdio gets 400 edits of a file whose lines end in all three ways, each
 * placed by line and character as an editor places them, and every diagnostic it publishes and every
 * request line it lists must be where this test's own copy of the text has it.
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LspClient } from '../lsp/lspClient';
import { stressOnly } from './stressGate';

const URI = 'file:///tmp/graphreq-stress-cr/requests.graphreq';
const BREAKS = ['\r', '\n', '\r\n'] as const;
const MISSPELT = 'nmae';

/** Line and character of an offset, every kind of line break counted (what the client sees). */
function positionAt(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let start = 0;
  for (const m of text.slice(0, offset).matchAll(/\r\n|\r|\n/g)) {
    line++;
    start = m.index + m[0].length;
  }
  return { line, character: offset - start };
}

/** Offsets of every occurrence of `s`. */
function offsetsOf(text: string, s: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + 1)) out.push(i);
  return out;
}

/** The offset where line `n` starts (the end of the text past the last line). */
function lineStart(text: string, n: number): number {
  if (n === 0) return 0;
  let line = 0;
  for (const m of text.matchAll(/\r\n|\r|\n/g)) if (++line === n) return m.index + m[0].length;
  return text.length;
}

/** A small deterministic generator (the failure, if any, is the same on every run). */
function random(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
}

describe('lone carriage returns at volume (issue 20 item 10)', stressOnly, () => {
  const client = new LspClient();
  before(() => client.initialize());
  after(() => client.shutdown());

  it('400 edits of a file with \\r, \\n and \\r\\n lines: every diagnostic and every request line where the client has it', async () => {
    const next = random(20);
    const blocks: string[] = [];
    for (let i = 0; i < 40; i++) {
      const br = BREAKS[i % 3];
      blocks.push(`### r${i}${br}# read ${i}${BREAKS[(i + 1) % 3]}GET /v23.0/120200000000000002?fields=${MISSPELT}${br}${br}`);
    }
    let text = blocks.join('');
    let version = 1;
    let published = await client.open(URI, text, version);
    const mismatches: string[] = [];
    const compare = (edit: string): void => {
      const expected = offsetsOf(text, MISSPELT).map((o) => {
        const start = positionAt(text, o);
        return `${start.line}:${start.character}`;
      });
      const got = published.diagnostics.filter((d) => d.code === 'ADSET-READ-FIELDS').map((d) => `${d.range.start.line}:${d.range.start.character}`);
      if (got.sort().join() !== expected.sort().join()) mismatches.push(`after ${edit}: expected ${expected.length} at ${expected.slice(0, 4).join(' ')}…, got ${got.length} at ${got.slice(0, 4).join(' ')}…`);
    };
    compare('opening');
    for (let n = 0; n < 400; n++) {
      const lines = text.split(/\r\n|\r|\n/);
      const linesWhere = (test: (line: string) => boolean): number[] => lines.flatMap((l, i) => (test(l) ? [i] : []));
      const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)];
      const kind = next();
      const found = offsetsOf(text, MISSPELT);
      let from: number;
      let to: number;
      let insert: string;
      if (kind < 0.3 && found.length > 0) {
        // Fix a misspelling where the client sees it.
        from = pick(found);
        to = from + MISSPELT.length;
        insert = 'name';
      } else if (kind < 0.6) {
        // A new request, its lines ended by lone carriage returns, before some request.
        from = to = lineStart(text, pick(linesWhere((l) => l.startsWith('###'))));
        insert = `### n${n}\r# added\rGET /v23.0/120200000000000002?fields=${MISSPELT}\r\r`;
      } else if (kind < 0.8) {
        // A comment line ended by a lone carriage return, before some comment.
        from = to = lineStart(text, pick(linesWhere((l) => /^# /.test(l))));
        insert = `# note ${n}\r`;
      } else {
        // A comment or blank line deleted, its break (of whichever kind) with it.
        const line = pick(linesWhere((l) => /^# |^$/.test(l)).filter((i) => i < lines.length - 1));
        from = lineStart(text, line);
        to = lineStart(text, line + 1);
        insert = '';
      }
      const range = { start: positionAt(text, from), end: positionAt(text, to) };
      text = text.slice(0, from) + insert + text.slice(to);
      published = await client.change(URI, ++version, [{ range, text: insert }]);
      compare(`edit ${n} (${JSON.stringify(insert).slice(0, 20)} at ${range.start.line}:${range.start.character})`);
    }
    assert.deepEqual(mismatches.slice(0, 5), [], `${mismatches.length} of 401 versions had diagnostics elsewhere`);
    const symbols = await client.request<Array<{ name: string; selectionRange: { start: { line: number } } }>>('textDocument/documentSymbol', { textDocument: { uri: URI } });
    // Each request is listed by its title (the `###` line before it), at its request line.
    const expected = offsetsOf(text, 'GET /v23.0/').map((o) => `${positionAt(text, o).line} ${/^### (\S+)/.exec(text.slice(text.lastIndexOf('### ', o)))?.[1]}`);
    assert.deepEqual(symbols.map((s) => `${s.selectionRange.start.line} ${s.name}`), expected, 'the server holds the text the client has, each request on its line');
  });
});
