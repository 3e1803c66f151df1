/**
 * requestDependencies: which requests must be sent before one that reads named responses, in the
 * order to send them. The CLI's --with-deps and the editors ask this one function.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFileContext, parseDocument } from '../../server/src/core';
import { requestDependencies } from '../../server/src/core/send';

/** The dependencies of the block titled `title`, as titles. */
function depsOf(text: string, title: string, variables: Record<string, string> = {}) {
  const doc = parseDocument(text);
  const ctx = buildFileContext(doc, { variables });
  const index = doc.blocks.findIndex((b) => b.parsed.separator?.title?.text === title);
  assert.ok(index >= 0, title);
  const d = requestDependencies(doc, index, ctx);
  return { before: d.before.map((i) => doc.blocks[i].parsed.separator?.title?.text), unknown: d.unknown, cycle: d.cycle };
}

const CHAIN = `### create
# @name create
POST /v23.0/act_1/adsets

{ "name": "x" }

### copy
# @name copy
POST /v23.0/{{create.response.body.id}}/copies

### unrelated
# @name other
GET /v23.0/t_1

### read the copy
GET /v23.0/{{copy.response.body.copied_adset_id}}?fields=id
`;

describe('requestDependencies', () => {
  it('lists the producers of what a request reads, transitively, producers first', () => {
    assert.deepEqual(depsOf(CHAIN, 'read the copy'), { before: ['create', 'copy'], unknown: [], cycle: [] });
    assert.deepEqual(depsOf(CHAIN, 'copy').before, ['create']);
    assert.deepEqual(depsOf(CHAIN, 'create').before, [], 'a request that reads nothing needs nothing');
    assert.deepEqual(depsOf(CHAIN, 'unrelated').before, []);
  });

  it('follows references through file and environment variables, in headers and bodies too', () => {
    const text = `@adset = {{create.response.body.id}}

### create
# @name create
POST /v23.0/act_1/adsets

### token from a header
# @name other
GET /v23.0/t_1

### read
GET /v23.0/{{adset}}?fields=id
X-Trace: {{other.response.headers.x-fb-trace-id}}

### body
POST /v23.0/act_1/adsets

{ "source": {{target}} }
`;
    assert.deepEqual(depsOf(text, 'read').before, ['create', 'token from a header']);
    assert.deepEqual(depsOf(text, 'body', { target: '{{create.response.body.id}}' }).before, ['create'], 'an environment variable can carry a reference');
  });

  it('names references to requests the file does not name, and circles', () => {
    assert.deepEqual(depsOf('### a\nGET /v23.0/{{ghost.response.body.id}}\n', 'a'), { before: [], unknown: ['ghost'], cycle: [] });
    const circle = `### a
# @name a
GET /v23.0/{{b.response.body.id}}

### b
# @name b
GET /v23.0/{{a.response.body.id}}

### c
GET /v23.0/{{a.response.body.id}}
`;
    assert.deepEqual(depsOf(circle, 'c').cycle, ['a', 'b', 'a']);
    assert.deepEqual(depsOf(circle, 'a').cycle, ['a', 'b', 'a']);
  });

  it('ignores a request reading its own earlier response, and a variable that refers to itself', () => {
    const text = `@loop = {{loop}}

### page
# @name page
GET /v23.0/act_1/adsets?after={{page.response.body.paging.cursors.after}}&x={{loop}}
`;
    assert.deepEqual(depsOf(text, 'page'), { before: [], unknown: [], cycle: [] });
  });
});
