/**
 * Expectations in the editor, over stdio with a real JSON-RPC client (the bundled server): completion
 * of subjects, response paths (also of a named response), error codes with their meaning, usage
 * scopes and rule IDs; diagnostics of a malformed expectation, a path the response cannot have, a
 * code the endpoint never answers, an unknown rule; hover on each part.
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CompletionList, Hover } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

const URI = 'file:///tmp/graphreq-lsp-expect/tests.graphreq';
const TEXT = `### Copy
# @name copy
# @expect status 200
POST /v23.0/23850000000000001/copies

{ "status_option": "PAUSED" }

### Read the copy
GET /v23.0/{{copy.response.body.copied_adset_id}}?fields=id,name,status
# @expect body.nme exists
# @expect error.code 80006
# @expect refused ADSET-DSA-REQUIRD
# @expect status = 200
# @expect body.status PAUSED
# @expect usage.buc.ads_management.call_count < 80

### Thread
GET /v23.0/t_100200300?fields=messages.source(PARTICIPANTS)
# @expect body.messages.data.length <= 10
# @expect error.subcode 3858079
`;

describe('expectations in the language server', () => {
  const client = new LspClient();
  before(async () => {
    await client.initialize();
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
  });

  const complete = async (line: number, character: number): Promise<string[]> => {
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: URI }, position: { line, character } });
    // In the order an editor shows them: by sortText, else by label.
    return [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);
  };
  const hover = async (line: number, character: number): Promise<string> => {
    const h = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: URI }, position: { line, character } });
    return h ? (h.contents as { value: string }).value : '';
  };

  it('reports malformed expectations and what the response cannot be, with rule IDs and quick fixes', async () => {
    const d = await client.open(URI, TEXT);
    const found = d.diagnostics.map((x) => `${x.range.start.line}:${x.code}:${text(x.range)}`);
    assert.deepEqual(found, [
      '9:EXPECT-PATH:nme',
      '10:EXPECT-CODE:80006',
      '11:EXPECT-RULE:ADSET-DSA-REQUIRD',
      '12:SYNTAX-EXPECT:=',
      '19:EXPECT-CODE:3858079',
    ]);
    const path = d.diagnostics[0];
    assert.equal(path.severity, 2);
    assert.match(String(path.message), /has no `body\.nme`: did you mean `name`\?/);
    assert.match(path.codeDescription!.href, /docs\/rules\.md#expect-path$/);
    assert.equal(d.diagnostics[2].severity, 1, 'an unknown rule ID is an error');
    assert.equal(d.diagnostics[3].severity, 1, 'a malformed expectation is an error');
  });

  it('completes subjects, response paths, a named response\'s paths, codes, usage scopes and rules', async () => {
    // `# @expect ` + cursor after the subject word typed so far.
    assert.deepEqual((await complete(2, 10)).slice(0, 4), ['status', 'body.', 'body matches snapshot', 'error.code']);
    // A rate limit is answered 400 (403 for code 4) by the API: 429 is offered as a proxy's answer only.
    const statuses = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: URI }, position: { line: 2, character: 17 } });
    const detail = (v: string): string | undefined => statuses.items.find((i) => i.label === v)?.detail;
    assert.match(detail('400') ?? '', /rate limit/);
    assert.match(detail('403') ?? '', /code 4/);
    assert.match(detail('429') ?? '', /proxy/);
    const body = await complete(9, 15); // body.|nme
    assert.deepEqual(body.slice(0, 3), ['id', 'name', 'status'], 'the fields the read asks for');
    const codes = await complete(10, 21); // error.code |80006
    assert.ok(codes.includes('100') && codes.includes('80004') && !codes.includes('80006'), codes.join(','));
    const usage = await complete(14, 20); // usage.buc.|ads_management
    assert.equal(usage[0], 'ads_management', 'the use case the endpoint counts under first');
    const rules = await complete(11, 18); // refused |ADSET...
    assert.ok(rules.includes('ADSET-READ-FIELDS') && rules.includes('REQ-TOKEN-REQUIRED') && !rules.includes('ADSET-DSA-REQUIRED') && !rules.includes('THREAD-CALLER'), 'the rules of a read of an ad set');
    const connection = await complete(18, 24); // body.messages.|data
    assert.deepEqual(connection, ['data', 'paging']);
    // In the request line: the named response's members, from the copy's response schema.
    const named = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: URI }, position: { line: 8, character: 33 } });
    assert.deepEqual(named.items.map((i) => i.label), ['copy.response.body.copied_adset_id', 'copy.response.body.ad_object_ids']);
  });

  it('explains each part on hover: codes and subcodes with their meaning, rules, paths, usage figures', async () => {
    assert.match(await hover(10, 22), /^\*\*Code 80006: Messaging app BUC limit reached\*\*/);
    assert.match(await hover(19, 26), /^\*\*Subcode 3858079: Payor missing in a regulated region\*\*/);
    assert.match(await hover(13, 16), /^\*\*body\.status\*\* \(enum\)/);
    assert.match(await hover(14, 17), /^\*\*usage\.buc\*\*: X-Business-Use-Case-Usage/);
    assert.match(await hover(18, 30), /^\*\*length\*\*: how many items/);
  });

  it('JSON objects and lists as values: a broken one is reported where it breaks; hover and completion work around them', async () => {
    const uri = 'file:///tmp/graphreq-lsp-expect/json.graphreq';
    const lines = [
      'GET /v23.0/t_100200300?fields=id,messages',
      '# @expect body.messages.data[0].from == {"id": "5550001", "name": "Alex Example"}',
      '# @expect body.messages.data contains {"id": "m_100200307"}',
      '# @expect body.messages.data == ["a" "b"]',
      '# @expect body.messages.data contains {"id": 1,}',
      '# @expect body.messages.data contains {"id": "1"',
      '# @expect body.messages.data contains {"id": {{$guid}}}',
      '# @expect body.messages.data contains {"id": ',
    ];
    const d = await client.open(uri, lines.join('\n') + '\n');
    const at = (x: (typeof d.diagnostics)[number]): string => `${x.range.start.line}:${x.range.start.character}-${x.range.end.character}:${x.code}:${lines[x.range.start.line].slice(x.range.start.character, x.range.end.character)}`;
    assert.deepEqual(d.diagnostics.map(at), [
      '3:37-40:SYNTAX-EXPECT:"b"',
      '4:47-48:SYNTAX-EXPECT:}',
      '5:38-39:SYNTAX-EXPECT:{',
      '6:45-54:SYNTAX-EXPECT:{{$guid}}',
      '7:38-39:SYNTAX-EXPECT:{',
    ]);
    assert.deepEqual(d.diagnostics.map((x) => x.message), [
      'Not JSON: a comma is expected here; write objects and lists as JSON, {"id": "1"} or ["DE", "FR"].',
      'Not JSON: JSON has no comma before a closing bracket; write objects and lists as JSON, {"id": "1"} or ["DE", "FR"].',
      'This `{` is never closed: write the object or list whole, as JSON, on the one line.',
      'A {{reference}} is not resolved inside a JSON value: compare its part alone (`body.data[0].id {{create.response.body.id}}`).',
      'This `{` is never closed: write the object or list whole, as JSON, on the one line.',
    ]);
    const hoverAt = async (line: number, character: number): Promise<string> => {
      const h = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } });
      return h ? (h.contents as { value: string }).value : '';
    };
    assert.match(await hoverAt(1, 60), /^\*\*A JSON object\*\*: the part must equal this object exactly/);
    assert.match(await hoverAt(2, 45), /^\*\*A JSON object\*\*: a list passes when one of its items has these members/);
    assert.match(await hoverAt(1, 20), /^\*\*body\.messages\*\*/, 'the path still has its hover');
    // Inside a JSON value nothing is offered (and nothing fails); before it, the checks still are.
    const inside = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 7, character: lines[7].length } });
    assert.deepEqual(inside.items, []);
    const check = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 2, character: 30 } });
    assert.ok(check.items.some((i) => i.label === 'contains'), check.items.map((i) => i.label).join(','));
  });

  function text(range: { start: { line: number; character: number }; end: { line: number; character: number } }): string {
    return TEXT.split('\n')[range.start.line].slice(range.start.character, range.end.character);
  }
});
