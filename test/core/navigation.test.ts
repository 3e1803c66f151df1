/**
 * Navigation and rename in the core: definition, references, highlight, prepareRename and rename of
 * file variables, environment variables, named requests and their uses. Fixtures mark the cursor
 * with `‸` and the expected spans with `⟦…⟧`.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLanguageService, nameIndex, parseDocument, readEnvFileNames, renameEnvVariableIn, type Environment, type NavigationContext, type Span } from '../../server/src/core';
import { unmark } from '../helpers';

const ls = createLanguageService();

const ENV_TEXT = `{
  "$shared": { "account": "1234567890", "version": "v23.0" },
  "local": { "account": "111" },
  "prod": { "baseUrl": "https://graph.example.com", "region": "eu" }
}
`;

function context(text: string, opts: { env?: Partial<Environment>; envText?: string } = {}): NavigationContext {
  const envText = opts.envText ?? ENV_TEXT;
  return { doc: parseDocument(text), env: { variables: { account: '1234567890', version: 'v23.0' }, ...opts.env }, envFile: readEnvFileNames(envText) };
}

/** The text covered by `span` in the env file. */
function inEnv(span: Span, envText = ENV_TEXT): string {
  return envText.slice(span.start, span.end);
}

describe('the name index', () => {
  it('reads definitions and uses from the parse, never from comments', () => {
    const text = `@a = 1\n# {{commented}}\n@b = {{a}}/x\n\n### One\n# @name one\nPOST /v23.0/act_{{a}}/adsets?x={{b}}\n&y={{$guid}}\nX-H: {{c}}\n\n{\n  // {{not_a_use}}\n  "name": "{{create.response.body.id}}",\n  "n": {{b}}\n}\n`;
    const index = nameIndex(parseDocument(text));
    const show = (kind: 'variable' | 'request' | 'builtin', name: string): string[] => index.sites(kind, name).map((s) => `${s.role}:${text.slice(s.span.start, s.span.end)}`);
    assert.deepEqual(show('variable', 'a'), ['definition:a', 'use:a', 'use:a']);
    assert.deepEqual(show('variable', 'b'), ['definition:b', 'use:b', 'use:b']);
    assert.deepEqual(show('variable', 'c'), ['use:c']);
    assert.deepEqual(show('request', 'one'), ['definition:one']);
    assert.deepEqual(show('request', 'create'), ['use:create']);
    assert.deepEqual(show('builtin', '$guid'), ['use:$guid']);
    assert.deepEqual(index.sites('variable', 'commented'), []);
    assert.deepEqual(index.sites('variable', 'not_a_use'), []);
  });

  it('reads the path of a `< path` body as a use', () => {
    const text = `@dir = bodies\nPOST /v23.0/act_1/adsets\n\n< ./{{dir}}/create.json\n`;
    const index = nameIndex(parseDocument(text));
    assert.deepEqual(index.sites('variable', 'dir').map((s) => `${s.role}@${s.span.start}`), ['definition@1', `use@${text.indexOf('{{dir}}') + 2}`]);
  });
});

describe('go to definition', () => {
  it('goes from a use of a file variable to the definition that gives its value (the last one)', () => {
    const { text, spans, cursor } = unmark(`@id = 1\n@⟦id⟧ = 2\n\nGET /v23.0/{{i‸d}}\n`);
    const def = ls.getDefinition(context(text), cursor!)!;
    assert.deepEqual(def.targets, [{ in: 'document', span: spans[0] }]);
    assert.equal(text.slice(def.origin.start, def.origin.end), 'id');
  });

  it('goes from an environment variable into graphreq.env.json, to the section of the current environment', () => {
    const { text, cursor } = unmark(`GET /v23.0/act_{{acc‸ount}}/adsets\n`);
    const local = ls.getDefinition(context(text, { env: { name: 'local' } }), cursor!)!;
    assert.equal(local.targets.length, 1);
    assert.equal(local.targets[0].in, 'envFile');
    assert.equal(inEnv(local.targets[0].span), 'account');
    assert.ok(ENV_TEXT.slice(0, local.targets[0].span.start).includes('"local"'), 'the local section defines it');
    // No environment chosen (or one that does not define it): $shared gives the value.
    const shared = ls.getDefinition(context(text), cursor!)!;
    assert.equal(shared.targets[0].span.start, ENV_TEXT.indexOf('"account"') + 1);
  });

  it('shows every section that defines a variable the current environment lacks', () => {
    const { text, cursor } = unmark(`GET /v23.0/{{reg‸ion}}\n`);
    const def = ls.getDefinition(context(text, { env: { name: 'local' } }), cursor!)!;
    assert.deepEqual(def.targets.map((t) => inEnv(t.span)), ['region']);
  });

  it('goes from a named response to the request name, and from its path to the producing request', () => {
    const { text, spans, cursor } = unmark(`### Create\n# @name ⟦create⟧\n⟦POST /v23.0/act_1/adsets⟧\n\n{}\n\n###\nGET /v23.0/{{cre‸ate.response.body.id}}\n`);
    const onName = ls.getDefinition(context(text), cursor!)!;
    assert.deepEqual(onName.targets, [{ in: 'document', span: spans[0] }]);
    const onPath = ls.getDefinition(context(text), text.indexOf('body.id') + 2)!;
    assert.deepEqual(onPath.targets, [{ in: 'document', span: spans[1] }]);
    assert.equal(text.slice(onPath.origin.start, onPath.origin.end), 'body.id');
  });

  it('has no definition for built-ins, unknown names, or text that is not a name', () => {
    for (const marked of [`GET /v23.0/{{$gu‸id}}\n`, `GET /v23.0/{{nop‸e}}\n`, `GE‸T /v23.0/1\n`, `# {{acc‸ount}}\nGET /v23.0/1\n`]) {
      const { text, cursor } = unmark(marked);
      assert.equal(ls.getDefinition(context(text), cursor!), undefined, marked);
    }
  });
});

describe('references and highlight', () => {
  it('lists the uses of a file variable, with its definitions when asked', () => {
    const { text, spans, cursor } = unmark(`@⟦ver‸sion⟧ = v23.0\n@x = {{⟦version⟧}}\n\n### A\nGET /{{⟦version⟧}}/1\n### B\nPOST /{{ ⟦version⟧ }}/act_1/adsets\n\n{ "name": "{{⟦version⟧}}" }\n`);
    const ctx = context(text);
    assert.deepEqual(ls.getReferences(ctx, cursor!, true).map((p) => p.span), spans);
    assert.deepEqual(ls.getReferences(ctx, cursor!, false).map((p) => p.span), spans.slice(1));
    assert.deepEqual(ls.getHighlights(ctx, cursor!).map((h) => h.kind), ['write', 'read', 'read', 'read', 'read']);
  });

  it('lists an environment variable in the file and in every section of graphreq.env.json', () => {
    const { text, spans, cursor } = unmark(`GET /v23.0/act_{{⟦acc‸ount⟧}}/adsets?x={{⟦account⟧}}\n`);
    const refs = ls.getReferences(context(text), cursor!, true);
    assert.deepEqual(refs.filter((r) => r.in === 'document').map((r) => r.span), spans);
    assert.deepEqual(refs.filter((r) => r.in === 'envFile').map((r) => inEnv(r.span)), ['account', 'account']);
  });

  it('lists a named request and its uses, and tells a response reference from a variable', () => {
    const { text, spans, cursor } = unmark(`# @name ⟦cre‸ate⟧\nPOST /v23.0/act_1/adsets\n\n{}\n\n###\n@id = {{⟦create⟧.response.body.id}}\nGET /v23.0/{{⟦create⟧.response.body.id}}?f={{create}}\n`);
    const refs = ls.getReferences(context(text), cursor!, true);
    assert.deepEqual(refs.map((r) => r.span), spans);
  });
});

describe('rename', () => {
  const apply = (text: string, edits: Array<{ span: Span; newText: string }>): string => {
    let out = text;
    for (const e of [...edits].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
    return out;
  };

  it('renames a file variable everywhere in the file', () => {
    const { text, cursor } = unmark(`@ver‸sion = v23.0\n@x = {{version}}/1\n\nGET /{{version}}/1\n\n###\nPOST /{{ version }}/act_1/adsets\n\n{ "n": {{version}} }\n`);
    const ctx = context(text, { env: { variables: {} } });
    const prep = ls.prepareRename(ctx, cursor!);
    assert.ok(prep.ok);
    assert.equal(text.slice(prep.span.start, prep.span.end), 'version');
    const r = ls.getRenameEdits(ctx, cursor!, 'api');
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(r.envFile, []);
    assert.equal(apply(text, r.document), `@api = v23.0\n@x = {{api}}/1\n\nGET /{{api}}/1\n\n###\nPOST /{{ api }}/act_1/adsets\n\n{ "n": {{api}} }\n`);
  });

  it('renames an environment variable in the file and in every section of graphreq.env.json', () => {
    const { text, cursor } = unmark(`GET /v23.0/act_{{acc‸ount}}/adsets\n`);
    const r = ls.getRenameEdits(context(text), cursor!, 'ad_account');
    assert.ok(r.ok, JSON.stringify(r));
    assert.equal(r.kind, 'envVariable');
    assert.equal(apply(text, r.document), 'GET /v23.0/act_{{ad_account}}/adsets\n');
    assert.equal(apply(ENV_TEXT, r.envFile), ENV_TEXT.replace(/"account"/g, '"ad_account"'));
  });

  it('renames a named request in its directive and in every response reference, keeping the paths', () => {
    const { text, cursor } = unmark(`# @name create\nPOST /v23.0/act_1/adsets\n\n{}\n\n###\n@id = {{create.response.body.id}}\nGET /v23.0/{{cre‸ate.response.body.id}}\n`);
    const r = ls.getRenameEdits(context(text), cursor!, 'new_set');
    assert.ok(r.ok, JSON.stringify(r));
    assert.equal(apply(text, r.document), `# @name new_set\nPOST /v23.0/act_1/adsets\n\n{}\n\n###\n@id = {{new_set.response.body.id}}\nGET /v23.0/{{new_set.response.body.id}}\n`);
  });

  it('refuses names that would clash or that the format cannot read', () => {
    const text = `@a = 1\n@b = 2\n\n# @name one\nGET /v23.0/{{a}}?x={{c}}\n\n###\n# @name two\nGET /v23.0/{{one.response.body.id}}\n`;
    const ctx = context(text);
    const at = (needle: string): number => text.indexOf(needle) + 1;
    const refused = (offset: number, name: string): string => {
      const r = ls.getRenameEdits(ctx, offset, name);
      assert.ok(!r.ok, `${name} should be refused`);
      return r.message;
    };
    assert.match(refused(at('@a') , 'b'), /already a file variable/);
    assert.match(refused(at('@a'), 'account'), /would hide it/);
    assert.match(refused(at('@a'), 'c'), /already used in the file/);
    assert.match(refused(at('@a'), '1x'), /cannot name a variable/);
    assert.match(refused(at('@a'), 'x.response.body'), /response reference/);
    assert.match(refused(at('@name one') + 7, 'two'), /already named `two`/);
    assert.match(refused(at('@name one') + 7, 'has space'), /cannot name a request/);
    assert.ok(ls.getRenameEdits(ctx, at('@a'), 'a').ok, 'the same name is no change');
  });

  it('refuses to rename built-ins, unknown names and environment variables without an environment file', () => {
    const text = `GET /v23.0/{{$guid}}?a={{nope}}&b={{account}}\n`;
    const at = (needle: string): number => text.indexOf(needle) + 1;
    const refuse = (ctx: NavigationContext, offset: number, pattern: RegExp): void => {
      const r = ls.prepareRename(ctx, offset);
      assert.ok(!r.ok);
      assert.match(r.message, pattern);
    };
    refuse(context(text), at('$guid'), /built-in/);
    refuse(context(text), at('nope'), /not defined/);
    refuse({ ...context(text), envFile: undefined }, at('account'), /not a key of a graphreq.env.json/);
  });

  it('renames an environment variable in another file that reads it, and not in one that hides it', () => {
    const reads = parseDocument(`GET /v23.0/act_{{account}}/adsets\n`);
    assert.deepEqual(renameEnvVariableIn(reads, 'account', 'acct').edits.map((e) => e.newText), ['acct']);
    const hides = parseDocument(`@account = 9\nGET /v23.0/act_{{account}}/adsets\n`);
    assert.deepEqual(renameEnvVariableIn(hides, 'account', 'acct'), { edits: [] });
    const captures = parseDocument(`GET /v23.0/act_{{account}}/adsets?x={{acct}}\n`);
    assert.match(renameEnvVariableIn(captures, 'account', 'acct').clash ?? '', /already used/);
  });
});
