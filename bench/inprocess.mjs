// In-process timings on the same bytes: the jsonc-parser floor (parseTree over every body, trees
// dropped), graphreq's full check (parse + schema + every rule + diagnostics with positions), and
// formatting the whole document from its parse (the edits, as the language server computes them).
// Usage: node bench/inprocess.mjs FILE [ROUNDS]   (prints JSON)
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { parseTree } = require('jsonc-parser');
const core = require('../out/server/src/core/index.js');

const file = process.argv[2];
const rounds = Number(process.argv[3] ?? 5);
const text = fs.readFileSync(file, 'utf8');

/** The bodies of the file, found the way any tool must (the floor does not include finding them). */
function bodies(t) {
  const doc = core.parseDocument(t);
  return doc.blocks.map((b) => b.parsed.request?.body?.text).filter(Boolean);
}
const bodyTexts = bodies(text);

function floor() {
  let nodes = 0;
  for (const b of bodyTexts) {
    const errors = [];
    const root = parseTree(b, errors, { allowTrailingComma: true });
    nodes += root ? root.children.length : 0;
  }
  return nodes;
}

function check() {
  const doc = core.parseDocument(text);
  const findings = core.validateDocument(doc, { env: { variables: {} }, model: core.getApiModel() });
  let n = 0;
  for (const f of findings) n += core.positionAt(doc, f.span.start).line;
  return findings.length + n;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function time(fn) {
  const out = [];
  fn(); // warm-up
  for (let i = 0; i < rounds; i++) {
    const t = process.hrtime.bigint();
    fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(out);
}

/** Formatting the whole document, from its parse (as the language server has it), to the edits. */
const parsed = core.parseDocument(text);
function format() {
  return core.formatDocument(parsed, { tabSize: 2, insertSpaces: true }).length;
}

const floorMs = time(floor);
const checkMs = time(check);
const formatMs = time(format);
console.log(JSON.stringify({ requests: bodyTexts.length, bytes: Buffer.byteLength(text), floorMs, checkMs, ratio: checkMs / floorMs, formatMs }));
