/**
 * The TextMate grammar (syntaxes/graphreq.tmLanguage.json) tokenised by the engine VS Code uses
 * (vscode-textmate with the Oniguruma WASM build): each test names a piece of a line and the scope
 * it must get, so a colour is a tested promise. The embedded JSON grammar is VS Code's own and is not
 * loaded here: what the body's lines get from it is left alone.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const grammarPath = path.join(repoRoot, 'syntaxes', 'graphreq.tmLanguage.json');

let grammar: vsctm.IGrammar;

before(async () => {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p: string[]) => new oniguruma.OnigScanner(p), createOnigString: (s: string) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope) => (scope === 'source.graphreq' ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath) : null),
  });
  grammar = (await registry.loadGrammar('source.graphreq'))!;
  assert.ok(grammar, 'the grammar loads');
});

/** The tokens of every line of `text`: [line][token] = { text, scopes }. */
function tokenize(text: string): Array<Array<{ text: string; scopes: string[] }>> {
  let stack = vsctm.INITIAL;
  return text.split('\n').map((line) => {
    const r = grammar.tokenizeLine(line, stack);
    stack = r.ruleStack;
    return r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
  });
}

/** Asserts that `piece`, on the line of `text` that holds `lineHas`, is one token with `scope` among its scopes. */
function expectScope(text: string, lineHas: string, piece: string, scope: string): void {
  const lines = text.split('\n');
  const n = lines.findIndex((l) => l.includes(lineHas));
  assert.ok(n >= 0, `no line holds ${lineHas}`);
  const tokens = tokenize(text)[n];
  const token = tokens.find((t) => t.text.trim() === piece);
  assert.ok(token, `\`${piece}\` is one token on line ${n + 1} (${JSON.stringify(lines[n])}): ${JSON.stringify(tokens.map((t) => t.text))}`);
  assert.ok(token.scopes.includes(scope), `\`${piece}\` has ${scope}: ${token.scopes.join(' ')}`);
}

const TEST = `### Read an ad set
# @name read
# @expect status 200
GET /v23.0/{{create.response.body.id}}?fields=id,name
# @expect body.name == "Spring sale"
# @expect body.messages.data[0].message contains "hi"
# @expect time < 500ms
# @expect body.id {{create.response.body.id}}
# @expect body matches snapshot
# @expect body.countries == ["DE", "FR"]
# @expect body.data contains {"id": "1", "n": 2, "ok": true}

### Refused
POST /v23.0/act_2000000002/adsets
?? status == 200
Content-Type: application/json

{ "name": "x" }
# @expect refused ADSET-DSA-REQUIRED
?? body.error exists

### From a file
POST /v23.0/act_{{account}}/adsets

<@ ./bodies/{{name}}.json
`;

/** [the line that holds, the piece, the scope it must have], over TEST. */
type Case = [string, string, string];

function expectAll(cases: Case[], text = TEST): void {
  for (const [lineHas, piece, scope] of cases) expectScope(text, lineHas, piece, scope);
}

describe('the TextMate grammar', () => {
  it('colours an expectation: the directive, its subject and path, the operator and the value', () => {
    expectAll([
      ['@expect status 200', 'expect', 'keyword.other.directive.expect.graphreq'],
      ['@expect status 200', 'status', 'variable.language.expect-subject.graphreq'],
      ['@expect status 200', '200', 'constant.numeric.graphreq'],
      ['body.name ==', 'body', 'variable.language.expect-subject.graphreq'],
      ['body.name ==', '.name', 'variable.other.property.expect-path.graphreq'],
      ['body.name ==', '==', 'keyword.operator.comparison.graphreq'],
      ['body.name ==', 'Spring sale', 'string.quoted.double.graphreq'],
      ['data[0].message', '.messages.data[0].message', 'variable.other.property.expect-path.graphreq'],
      ['data[0].message', 'contains', 'keyword.operator.word.graphreq'],
      ['time < 500ms', '<', 'keyword.operator.comparison.graphreq'],
      ['time < 500ms', '500ms', 'constant.numeric.graphreq'],
      ['body.id {{', 'create', 'variable.other.object.request-name.graphreq'],
      ['matches snapshot', 'matches snapshot', 'keyword.operator.word.graphreq'],
      // JSON objects and lists as values: their text, numbers and literals as JSON, their brackets as punctuation.
      ['body.countries ==', '[', 'punctuation.separator.expect-json.graphreq'],
      ['body.countries ==', 'DE', 'string.quoted.double.graphreq'],
      ['body.countries ==', ']', 'punctuation.separator.expect-json.graphreq'],
      ['body.data contains {', '{', 'punctuation.separator.expect-json.graphreq'],
      ['body.data contains {', 'id', 'string.quoted.double.graphreq'],
      ['body.data contains {', '2', 'constant.numeric.graphreq'],
      ['body.data contains {', 'true', 'constant.language.graphreq'],
      ['body.data contains {', '}', 'punctuation.separator.expect-json.graphreq'],
    ]);
  });

  it('colours an expectation after the body, and `refused` with its rule ID', () => {
    expectAll([
      ['refused ADSET', 'refused', 'keyword.control.refused.graphreq'],
      ['refused ADSET', 'ADSET-DSA-REQUIRED', 'constant.other.rule-id.graphreq'],
      ['refused ADSET', 'expect', 'keyword.other.directive.expect.graphreq'],
    ]);
  });

  it('colours an httpYac assertion as one, not as a query line, among the headers and after the body', () => {
    expectAll([
      ['?? status == 200', '??', 'keyword.other.assertion.httpyac.graphreq'],
      ['?? status == 200', 'status', 'meta.assertion.httpyac.graphreq'],
      ['?? status == 200', '==', 'keyword.operator.comparison.graphreq'],
      ['?? status == 200', '200', 'constant.numeric.graphreq'],
      ['?? body.error exists', '??', 'keyword.other.assertion.httpyac.graphreq'],
      ['?? body.error exists', 'exists', 'keyword.operator.word.graphreq'],
    ]);
    const tokens = tokenize(TEST)[TEST.split('\n').findIndex((l) => l.startsWith('?? status'))];
    assert.ok(tokens.every((t) => !t.scopes.some((s) => s.includes('query'))), 'no query scope on the line');
  });

  it('colours a `< path` body line: the operator, the path and its variables', () => {
    expectAll([
      ['<@ ./bodies', '<@', 'keyword.operator.body-file.graphreq'],
      ['<@ ./bodies', './bodies/', 'string.unquoted.path.body-file.graphreq'],
      ['<@ ./bodies', 'name', 'variable.other.readwrite.graphreq'],
    ]);
    expectScope('GET /v23.0/1\n\n< ./body.json\n', '< ./body', '<', 'keyword.operator.body-file.graphreq');
  });

  it('keeps what it coloured before: other directives, comments, headers and query lines', () => {
    expectAll([
      ['# @name read', 'read', 'entity.name.function.request-name.graphreq'],
      ['Content-Type', 'Content-Type', 'support.type.property-name.header.graphreq'],
    ]);
    expectScope('GET /v23.0/1\n  ?fields=id\n  &date_format=U\n', '&date_format', 'date_format', 'variable.parameter.graphreq');
    expectScope('# a note\nGET /v23.0/1\n', '# a note', 'a note', 'comment.line.number-sign.graphreq');
    expectScope('### Title\nGET /v23.0/1\n', '### Title', 'Title', 'markup.heading.request-title.graphreq');
  });
});
