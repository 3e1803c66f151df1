/**
 * A send refused because the workspace chose its base URL and the user did not (lsp/editorTarget.ts):
 * the refusal says where that base URL came from (graphreq.env.json, or the settings) and carries it
 * (`failure.trustFrom`), so VS Code's question names the same source (client/src/trustQuestion.ts);
 * and each editor is told its own remedies: VS Code its Trust and Send, another editor the command's
 * `trustOrigin` and `trustTokenVariable` arguments and `graphreq send --trust-origin`. Choosing the
 * environment is no remedy: it selects, it confirms nothing.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { trustQuestion } from '../../client/src/trustQuestion';
import type { SendFailure } from '../../server/src/core/send';
import { chooseTarget } from '../../server/src/lsp/editorTarget';
import type { ServerSettings } from '../../server/src/lsp/protocol';

const URI = 'file:///tmp/graphreq-trust-remedies/a.graphreq';
const noTrust = { records: () => [], trusts: () => false, trust: () => undefined, file: '/nowhere/trusted-origins.json' };

async function refusal(from: 'environment' | 'workspace-settings', showsSendResults: boolean | undefined): Promise<SendFailure> {
  const settings: ServerSettings = from === 'workspace-settings' ? { baseUrl: 'https://settings.example.com' } : {};
  const chosen = await chooseTarget({ uri: URI }, settings, {
    trust: noTrust,
    processEnv: { GRAPHREQ_ACCESS_TOKEN: 'token-of-the-test' },
    root: '/tmp/graphreq-trust-remedies',
    readEnvironment: () => ({ variables: {}, baseUrl: 'https://env.example.com' }),
    showsSendResults,
  });
  assert.equal(chosen.ok, false);
  return (chosen as { failure: SendFailure }).failure;
}

describe('a base URL the workspace chose, refused', () => {
  it('names its source: graphreq.env.json or the settings, in the message and in trustFrom', async () => {
    const env = await refusal('environment', false);
    assert.deepEqual([env.kind, env.trustOrigin, env.trustFrom], ['untrusted', 'https://env.example.com', 'environment']);
    assert.match(env.message, /^graphreq\.env\.json sends GRAPHREQ_ACCESS_TOKEN to https:\/\/env\.example\.com/);
    const settings = await refusal('workspace-settings', false);
    assert.deepEqual([settings.trustOrigin, settings.trustFrom], ['https://settings.example.com', 'workspace-settings']);
    assert.match(settings.message, /^the workspace's settings send GRAPHREQ_ACCESS_TOKEN to https:\/\/settings\.example\.com/);
  });

  it("VS Code's question names the same source, and the token that goes", () => {
    assert.equal(trustQuestion('https://env.example.com', 'environment', { environment: 'prod' }), "GraphReq: this workspace's graphreq.env.json sends your access token for environment \"prod\" to https://env.example.com, which you have not confirmed for this workspace. Send it there?");
    assert.equal(trustQuestion('https://settings.example.com', 'workspace-settings', { environment: '' }), "GraphReq: this workspace's settings (graphreq.baseUrl) send your access token for environment \"(none)\" to https://settings.example.com, which you have not confirmed for this workspace. Send it there?");
    assert.equal(trustQuestion('https://env.example.com', 'environment', { variable: 'GRAPHREQ_PROD_TOKEN' }), "GraphReq: this workspace's graphreq.env.json sends your token GRAPHREQ_PROD_TOKEN to https://env.example.com, which you have not confirmed for this workspace. Send it there?");
  });

  it('the refusal carries the variable whose value would go, for the confirmation to name (not for a client token)', async () => {
    const variable = await chooseTarget({ uri: URI }, {}, {
      trust: noTrust,
      processEnv: { GRAPHREQ_PROD_TOKEN: 'token-of-the-test' },
      root: '/tmp/graphreq-trust-remedies',
      readEnvironment: () => ({ variables: {}, baseUrl: 'https://env.example.com', accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' }),
    });
    assert.equal(!variable.ok && variable.failure.trustTokenVariable, 'GRAPHREQ_PROD_TOKEN');
    const client = await chooseTarget({ uri: URI, token: 'from-the-editor', tokenFor: 'https://env.example.com' }, {}, {
      trust: noTrust,
      processEnv: {},
      root: '/tmp/graphreq-trust-remedies',
      readEnvironment: () => ({ variables: {}, baseUrl: 'https://env.example.com', accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' }),
    });
    assert.deepEqual(!client.ok && [client.failure.kind, client.failure.trustTokenVariable], ['untrusted', undefined]);
    assert.match(!client.ok ? client.failure.message : '', /sends your access token to https:\/\/env\.example\.com/);
  });


  it("each editor is told its own remedies, not the other's", async () => {
    const vscode = (await refusal('environment', true)).message;
    assert.match(vscode, /which you have not confirmed for this workspace; confirm it once \(Trust and Send\)$/);
    assert.doesNotMatch(vscode, /trustOrigin|arguments|--trust-origin/);
    for (const other of [false, undefined]) {
      const message = (await refusal('environment', other)).message;
      assert.match(message, /; confirm it once \("trustOrigin" and "trustTokenVariable" in the send command's arguments, or graphreq send --trust-origin in this folder\)$/);
      assert.doesNotMatch(message, /picker|Trust and Send/);
    }
  });
});
