/**
 * Where the token goes (docs/sending.md, "Where the token goes"): loopback, the variables
 * accessTokenEnv may name, base URLs from the workspace, the trust records, and the lookup of
 * graphreq.env.json that never leaves the workspace.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { tokenVariableProblem, type EnvironmentSettings } from '../../server/src/core';
import { decideSendTarget, isLoopbackUrl, tokenTransportProblem } from '../../server/src/core/send';
import { findWorkspaceEnvFile, repositoryRoot } from '../../server/src/files/envFile';
import { TrustStore } from '../../server/src/files/trustStore';
import { chooseToken, type TokenChoiceInput } from '../../server/src/send/tokenChoice';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-trust-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => fs.mkdtempSync(path.join(dir, `t${++n}-`));

describe('loopback', () => {
  it('trusts 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost, and no name under .localhost', () => {
    for (const url of ['http://127.0.0.1:8990', 'http://127.1.2.3', 'http://127.1', 'http://[::1]:80', 'http://[::ffff:127.0.0.1]/', 'http://localhost:1', 'http://LOCALHOST.']) {
      assert.equal(isLoopbackUrl(url), true, url);
      assert.equal(tokenTransportProblem(url), null, url);
    }
    for (const url of ['http://app.localhost:8990', 'http://localhost.example.com', 'http://0.0.0.0:8990', 'http://[::ffff:10.0.0.1]', 'http://128.0.0.1', 'http://10.0.0.1']) {
      assert.equal(isLoopbackUrl(url), false, url);
      assert.match(tokenTransportProblem(url) ?? '', /refusing to send the access token over plain http:\/\//, url);
    }
    assert.match(tokenTransportProblem('http://app.localhost:8990') ?? '', /names under \.localhost are not trusted as loopback/);
    assert.equal(tokenTransportProblem('https://app.localhost'), null, 'https is fine anywhere, but is not loopback');
  });
});

describe('accessTokenEnv', () => {
  it('may name GRAPHREQ_<NAME>_TOKEN variables and those the user allowed, nothing else', () => {
    for (const ok of ['GRAPHREQ_ACCESS_TOKEN', 'GRAPHREQ_PROD_TOKEN', 'GRAPHREQ_TOKEN', 'GRAPHREQ_EU_2_TOKEN']) assert.equal(tokenVariableProblem(ok), null, ok);
    for (const bad of ['GITHUB_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'PROD_TOKEN', 'graphreq_prod_token', 'GRAPHREQ_PROD_TOKEN_X', 'NPM_TOKEN', 'PATH']) {
      assert.match(tokenVariableProblem(bad) ?? '', /not a graphreq token variable/, bad);
    }
    assert.equal(tokenVariableProblem('FB_ACCESS_TOKEN', ['FB_ACCESS_TOKEN']), null);
    assert.match(tokenVariableProblem('$(rm -rf)') ?? '', /^accessTokenEnv names "\$\(rm -rf\)"/);
  });
});

describe('base URL trust', () => {
  const https = 'https://graph.example.com/base';
  const needs = (over: Partial<Parameters<typeof decideSendTarget>[0]>): boolean => decideSendTarget({ environmentNamed: false, ...over }).needsConsent;
  it('takes a typed base URL, and asks about every base URL the repository gives, the environment named or not', () => {
    assert.deepEqual([needs({ typedBaseUrl: https }), decideSendTarget({ typedBaseUrl: https, environmentNamed: false }).origin], [false, 'https://graph.example.com']);
    assert.equal(needs({ typedBaseUrl: 'http://127.0.0.1:9' }), false);
    assert.equal(needs({ envBaseUrl: https }), true);
    assert.equal(needs({ envBaseUrl: https, environmentNamed: true }), true, 'naming the environment selects it, it confirms nothing');
    assert.equal(needs({ workspaceBaseUrl: https, environmentNamed: true }), true);
    assert.equal(needs({ envBaseUrl: https, envFileIsUsers: true }), false, "the user's own environment file (outside every repository)");
    assert.equal(decideSendTarget({ envBaseUrl: 'https://graph.example.com:8443', environmentNamed: false }).origin, 'https://graph.example.com:8443', 'a port makes another origin');
  });

  it("asks about the workspace's loopback base URL too: another user's process may listen there", () => {
    for (const baseUrl of ['http://127.0.0.1:9', 'http://localhost:8990', 'http://[::1]:8990', 'http://127.7.0.1:80']) {
      assert.equal(needs({ envBaseUrl: baseUrl }), true, baseUrl);
      assert.equal(needs({ envBaseUrl: baseUrl, environmentNamed: true }), true, `${baseUrl} named`);
    }
  });
});

describe('chooseToken', () => {
  /** The choice's input, its target decided from a typed base URL, the environment and whether it was named (core/send/sendTarget.ts). */
  const inputOf = input;
  function input(over: Partial<TokenChoiceInput> & { env?: EnvironmentSettings; environmentNamed?: boolean; userBaseUrl?: string } = {}): TokenChoiceInput & { asked: string[] } {
    const asked: string[] = [];
    const { env = { variables: {} }, environmentNamed = false, userBaseUrl, ...rest } = over;
    return {
      target: decideSendTarget({ typedBaseUrl: userBaseUrl, environmentNamed, envBaseUrl: env.baseUrl, accessTokenEnv: env.accessTokenEnv }),
      root: '/work/project',
      trust: new TrustStore(fresh()),
      processEnv: { GRAPHREQ_ACCESS_TOKEN: 'default-token', GITHUB_TOKEN: 'gh-token', GRAPHREQ_PROD_TOKEN: 'prod-token' },
      confirm: async (origin) => {
        asked.push(origin);
        return false;
      },
      hints: { confirm: 'confirm it' },
      asked,
      ...rest,
    };
  }

  it('refuses accessTokenEnv naming another secret, and never falls back to GRAPHREQ_ACCESS_TOKEN', async () => {
    // The origin confirmed, so that only the token is in question.
    const input = (over: Parameters<typeof inputOf>[0]) => inputOf({ environmentNamed: true, confirm: async () => true, ...over });
    const planted = await chooseToken(input({ env: { variables: {}, baseUrl: 'http://127.0.0.1:9', accessTokenEnv: 'GITHUB_TOKEN' } }));
    assert.deepEqual(planted.ok ? null : [planted.kind, /GITHUB_TOKEN, which is not a graphreq token variable/.test(planted.message)], ['token-variable', true]);
    const unset = await chooseToken(input({ env: { variables: {}, baseUrl: 'http://127.0.0.1:9', accessTokenEnv: 'GRAPHREQ_STAGING_TOKEN' } }));
    assert.deepEqual(unset.ok ? null : [unset.kind, unset.message], ['no-token', 'no access token for http://127.0.0.1:9: set GRAPHREQ_STAGING_TOKEN (REQ-TOKEN-REQUIRED)']);
    const named = await chooseToken(input({ env: { variables: {}, baseUrl: 'http://127.0.0.1:9', accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } }));
    assert.deepEqual(named, { ok: true, baseUrl: 'http://127.0.0.1:9', token: 'prod-token', tokenEnvName: 'GRAPHREQ_PROD_TOKEN' });
    const allowed = await chooseToken(input({ env: { variables: {}, baseUrl: 'http://127.0.0.1:9', accessTokenEnv: 'GITHUB_TOKEN' }, processEnv: { GITHUB_TOKEN: 'gh', GRAPHREQ_TOKEN_VARIABLES: 'OTHER, GITHUB_TOKEN' } }));
    assert.equal(allowed.ok && allowed.token, 'gh');
  });

  it("asks before sending to the workspace's loopback base URL too", async () => {
    const i = input({ env: { variables: {}, baseUrl: 'http://localhost:8990' } });
    const r = await chooseToken(i);
    assert.deepEqual(i.asked, ['http://localhost:8990']);
    assert.deepEqual(r.ok ? null : [r.kind, r.origin], ['untrusted', 'http://localhost:8990']);
  });

  it('asks before sending to a workspace base URL off loopback, and remembers a yes for the workspace', async () => {
    const trust = new TrustStore(fresh());
    const env = { variables: {}, baseUrl: 'https://graph.example.com' };
    const no = input({ env, trust });
    const refused = await chooseToken(no);
    assert.deepEqual(no.asked, ['https://graph.example.com']);
    assert.deepEqual(refused.ok ? null : [refused.kind, refused.origin], ['untrusted', 'https://graph.example.com']);
    assert.match(refused.ok ? '' : refused.message, /^graphreq\.env\.json sends GRAPHREQ_ACCESS_TOKEN to https:\/\/graph\.example\.com, which you have not confirmed for this workspace; confirm it$/);
    assert.deepEqual(trust.origins('/work/project'), []);

    const yes = input({ env, trust, confirm: async () => true });
    assert.equal((await chooseToken(yes)).ok, true);
    assert.deepEqual(trust.origins('/work/project'), ['https://graph.example.com']);
    const later = input({ env, trust });
    assert.equal((await chooseToken(later)).ok, true);
    assert.deepEqual(later.asked, [], 'not asked again');
    const elsewhere = input({ env, trust, root: '/work/other' });
    assert.equal((await chooseToken(elsewhere)).ok, false, 'trust is per workspace');
  });

  it('sends without asking to a typed base URL, loopback or not', async () => {
    const env = { variables: {}, baseUrl: 'https://graph.example.com' };
    for (const over of [{ userBaseUrl: 'https://typed.example.com' }, { userBaseUrl: 'http://127.0.0.1:8990' }, { userBaseUrl: 'https://typed.example.com', environmentNamed: true }]) {
      const i = input({ env, ...over });
      const r = await chooseToken(i);
      assert.equal(r.ok, true, JSON.stringify(over));
      assert.deepEqual(i.asked, []);
    }
  });

  it('asks about the base URL of a named environment too: naming selects, a commit can change what the name resolves to', async () => {
    const env = { name: 'prod', variables: {}, baseUrl: 'https://graph.example.com' };
    for (const over of [{ environmentNamed: true }, { environmentNamed: true, env: { ...env, baseUrl: 'http://[::1]:8990' } }, { environmentNamed: true, clientToken: 'from-the-editor' }]) {
      const i = input({ env, ...over });
      const r = await chooseToken(i);
      assert.deepEqual(r.ok ? null : r.kind, 'untrusted', JSON.stringify(over));
      assert.equal(i.asked.length, 1);
    }
    const trust = new TrustStore(fresh());
    const words: string[] = [];
    const target = (e: EnvironmentSettings) => decideSendTarget({ environment: 'prod', environmentNamed: true, envBaseUrl: e.baseUrl, accessTokenEnv: e.accessTokenEnv });
    const yes = input({ trust, target: target(env), confirm: async (_o, _t, w) => (words.push(w.says + (w.changed ?? '')), true) });
    assert.equal((await chooseToken(yes)).ok, true);
    assert.deepEqual(words, ['environment prod of graphreq.env.json sends']);
    assert.equal((await chooseToken(input({ trust, target: target(env) }))).ok, true, 'the confirmed pair sends with no question');
    // A commit moves prod to another host: the variable confirmed for the old origin only.
    const moved = await chooseToken(input({ trust, target: target({ ...env, baseUrl: 'https://new.example.com' }) }));
    assert.equal(moved.ok ? '' : moved.message, 'environment prod of graphreq.env.json sends GRAPHREQ_ACCESS_TOKEN to https://new.example.com, which you have not confirmed (you confirmed GRAPHREQ_ACCESS_TOKEN for https://graph.example.com only); confirm it');
    // A commit changes accessTokenEnv and moves the host: both said.
    trust.trust('/work/project', 'https://new.example.com', { variable: 'GRAPHREQ_STAGING_TOKEN' });
    const both = await chooseToken(input({ trust, target: target({ ...env, baseUrl: 'https://new.example.com', accessTokenEnv: 'GRAPHREQ_ACCESS_TOKEN' }) }));
    assert.equal(both.ok ? '' : both.message, 'environment prod of graphreq.env.json sends GRAPHREQ_ACCESS_TOKEN to https://new.example.com, where you confirmed GRAPHREQ_STAGING_TOKEN only (and GRAPHREQ_ACCESS_TOKEN for https://graph.example.com only); confirm it');
  });

  it('asks again, naming the variable, when the environment names another token variable for a confirmed origin', async () => {
    const trust = new TrustStore(fresh());
    const confirmed: string[] = [];
    const yes = input({ env: { variables: {}, baseUrl: 'https://graph.example.com' }, trust, confirm: async (origin, token) => (confirmed.push(`${origin} ${JSON.stringify(token)}`), true) });
    assert.equal((await chooseToken(yes)).ok, true);
    assert.deepEqual(confirmed, ['https://graph.example.com {"variable":"GRAPHREQ_ACCESS_TOKEN"}']);
    // A later commit: the same origin, another of the user's tokens.
    const changed = { variables: {}, baseUrl: 'https://graph.example.com', accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' };
    const no = input({ env: changed, trust });
    const refused = await chooseToken(no);
    assert.deepEqual(no.asked, ['https://graph.example.com']);
    assert.deepEqual(refused.ok ? null : [refused.kind, refused.origin, refused.tokenVariable, refused.message], [
      'untrusted',
      'https://graph.example.com',
      'GRAPHREQ_PROD_TOKEN',
      'graphreq.env.json sends GRAPHREQ_PROD_TOKEN to https://graph.example.com, where you confirmed GRAPHREQ_ACCESS_TOKEN only; confirm it',
    ]);
    // The editor's own token (given for this origin) is another pair again.
    const editor = input({ env: changed, trust, clientToken: 'from-the-editor' });
    assert.equal((await chooseToken(editor)).ok, false);
    const both = input({ env: changed, trust, confirm: async () => true });
    assert.deepEqual(await chooseToken(both), { ok: true, baseUrl: 'https://graph.example.com', token: 'prod-token', tokenEnvName: 'GRAPHREQ_PROD_TOKEN' });
    assert.deepEqual(trust.records('/work/project').map((r) => r.token), [{ variable: 'GRAPHREQ_ACCESS_TOKEN' }, { variable: 'GRAPHREQ_PROD_TOKEN' }]);
  });

  it('reads a record of the old format (an origin alone) as covering GRAPHREQ_ACCESS_TOKEN and the editor token, nothing else', async () => {
    const trust = new TrustStore(fresh());
    fs.writeFileSync(trust.file, JSON.stringify({ format: 1, workspaces: { '/work/project': ['https://graph.example.com'] } }));
    const env = { variables: {}, baseUrl: 'https://graph.example.com' };
    const plain = input({ env, trust });
    assert.equal((await chooseToken(plain)).ok, true);
    assert.equal((await chooseToken(input({ env: { ...env, accessTokenEnv: 'GRAPHREQ_ACCESS_TOKEN' }, trust }))).ok, true);
    assert.equal((await chooseToken(input({ env: { ...env, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' }, clientToken: 'from-the-editor', trust }))).ok, true);
    const prod = input({ env: { ...env, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' }, trust });
    const r = await chooseToken(prod);
    assert.deepEqual(r.ok ? null : [r.kind, r.tokenVariable], ['untrusted', 'GRAPHREQ_PROD_TOKEN']);
    assert.deepEqual(prod.asked, ['https://graph.example.com']);
  });

  it('refuses plain http off loopback before asking anything', async () => {
    const i = input({ env: { variables: {}, baseUrl: 'http://graph.example.com' }, environmentNamed: true });
    const r = await chooseToken(i);
    assert.equal(!r.ok && r.kind, 'insecure');
  });
});

describe('trust records', () => {
  it('live in the configuration folder, readable by the user only, per workspace', () => {
    const cfg = path.join(fresh(), 'graphreq');
    const store = new TrustStore(cfg);
    store.trust('/a', 'https://one.example.com', { variable: 'GRAPHREQ_PROD_TOKEN' });
    store.trust('/a', 'https://one.example.com', { variable: 'GRAPHREQ_PROD_TOKEN' });
    store.trust('/a', 'https://one.example.com', { editor: true });
    store.trust('/b', 'https://two.example.com', { variable: 'GRAPHREQ_ACCESS_TOKEN' });
    assert.deepEqual(store.origins('/a'), ['https://one.example.com']);
    assert.deepEqual(new TrustStore(cfg).origins('/b'), ['https://two.example.com']);
    assert.equal(store.trusts('/a', 'https://one.example.com', { variable: 'GRAPHREQ_PROD_TOKEN' }), true);
    assert.equal(store.trusts('/a', 'https://one.example.com', { variable: 'GRAPHREQ_ACCESS_TOKEN' }), false);
    assert.equal(store.trusts('/b', 'https://two.example.com', { editor: true }), false);
    if (process.platform !== 'win32') assert.equal(fs.statSync(store.file).mode & 0o777, 0o600);
    assert.deepEqual(JSON.parse(fs.readFileSync(store.file, 'utf8')), {
      format: 2,
      workspaces: {
        '/a': [{ origin: 'https://one.example.com', editorToken: true }, { origin: 'https://one.example.com', tokenVariable: 'GRAPHREQ_PROD_TOKEN' }],
        '/b': [{ origin: 'https://two.example.com', tokenVariable: 'GRAPHREQ_ACCESS_TOKEN' }],
      },
    });
  });

  it('trust nothing when the file is broken, and are rewritten whole by the next confirmation', () => {
    const cfg = fresh();
    const store = new TrustStore(cfg);
    for (const junk of ['not json', 'null', '[]', '{"format":2,"workspaces":{"/a":["https://x"]}}', '{"format":3,"workspaces":{"/a":[{"origin":"https://x","editorToken":true}]}}', '{"format":2,"workspaces":{"/a":[{"origin":"https://x","tokenVariable":""}]}}', '{"format":1,"workspaces":{"/a":"https://x"}}']) {
      fs.writeFileSync(store.file, junk);
      assert.deepEqual(store.origins('/a'), [], junk);
    }
    store.trust('/a', 'https://x', { editor: true });
    assert.deepEqual(store.origins('/a'), ['https://x']);
  });
});

describe('finding graphreq.env.json', () => {
  it('walks up from the file to the workspace root and never above it', () => {
    const root = fresh();
    const project = path.join(root, 'outer', 'some', 'project');
    fs.mkdirSync(project, { recursive: true });
    fs.writeFileSync(path.join(root, 'outer', 'graphreq.env.json'), '{}');
    assert.equal(findWorkspaceEnvFile(project, root).file, path.join(root, 'outer', 'graphreq.env.json'));
    const inProject = findWorkspaceEnvFile(project, project);
    assert.equal(inProject.file, undefined);
    assert.equal(inProject.ignoredOutside, path.join(root, 'outer', 'graphreq.env.json'));
    assert.equal(findWorkspaceEnvFile(path.join(root, 'outer'), project).file, undefined, 'a folder outside the root finds nothing');
  });

  it('takes the nearest folder with .git (a folder, or a worktree file) as the repository root', () => {
    const root = fresh();
    const deep = path.join(root, 'repo', 'a', 'b');
    fs.mkdirSync(deep, { recursive: true });
    assert.equal(repositoryRoot(deep) === undefined || !repositoryRoot(deep)!.startsWith(root), true);
    fs.writeFileSync(path.join(root, 'repo', '.git'), 'gitdir: /elsewhere\n');
    assert.equal(repositoryRoot(deep), path.join(root, 'repo'));
    fs.mkdirSync(path.join(root, 'repo', 'a', '.git'));
    assert.equal(repositoryRoot(deep), path.join(root, 'repo', 'a'));
  });
});
