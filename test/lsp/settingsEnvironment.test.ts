/**
 * An environment named in the settings the language server reads (workspace/configuration,
 * initializationOptions) may be the repository's choice, as its graphreq.env.json is: its base URL
 * off this machine is not sent to until the user confirms the origin. Only the command's own
 * `environment` argument (or a client that says the user named it) vouches for it. In process: no send.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TrustStore } from '../../server/src/files/trustStore';
import { chooseEditorTarget } from '../../server/src/lsp/sendTarget';

describe('an environment named by the settings the server reads', () => {
  it('needs the origin confirmed, as one named in the command does', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-settings-env-'));
    try {
      fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify({ prod: { baseUrl: 'https://graph.example.invalid' } }));
      fs.writeFileSync(path.join(dir, 'req.graphreq'), 'GET /v23.0/t_1?fields=id\n');
      const uri = pathToFileURL(path.join(dir, 'req.graphreq')).href;
      const deps = { trust: new TrustStore(path.join(dir, 'config')), processEnv: { GRAPHREQ_ACCESS_TOKEN: 'secret-token-1' } };
      const fromSettings = await chooseEditorTarget({ uri }, { workspaceFolder: dir, settings: { environment: 'prod' } }, deps);
      assert.equal(fromSettings.ok, false, 'a repository that names prod in its settings sends nothing unasked');
      assert.ok(!fromSettings.ok && fromSettings.failure.trustOrigin === 'https://graph.example.invalid', JSON.stringify(fromSettings));
      const named = await chooseEditorTarget({ uri, environment: 'prod' }, { workspaceFolder: dir, settings: {} }, deps);
      assert.ok(!named.ok && named.failure.trustOrigin === 'https://graph.example.invalid', JSON.stringify(named));
      const confirmed = await chooseEditorTarget({ uri, environment: 'prod', trustOrigin: 'https://graph.example.invalid' }, { workspaceFolder: dir, settings: {} }, deps);
      assert.ok(confirmed.ok && confirmed.baseUrl === 'https://graph.example.invalid', JSON.stringify(confirmed));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
