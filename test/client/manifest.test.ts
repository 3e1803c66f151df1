/**
 * The extension's manifest declares what it does in a workspace the user has not trusted (VS Code's
 * Restricted Mode), and the settings of the limits: the client and the server implement both
 * (client/src/commands/send.ts, test/lsp/restricted.test.ts).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));

test('Restricted Mode is declared: limited support, the base URL and environment settings restricted', () => {
  const untrusted = manifest.capabilities?.untrustedWorkspaces;
  assert.equal(untrusted?.supported, 'limited');
  assert.match(untrusted.description, /sends nothing/);
  assert.deepEqual([...untrusted.restrictedConfigurations].sort(), ['graphreq.baseUrl', 'graphreq.environment']);
  for (const key of untrusted.restrictedConfigurations) assert.ok(manifest.contributes.configuration.properties[key], `${key} is a setting`);
});

test('the response and history byte caps are settings with the documented defaults', () => {
  const props = manifest.contributes.configuration.properties;
  assert.equal(props['graphreq.response.maxBytes'].default, 10 * 1024 * 1024);
  assert.equal(props['graphreq.history.maxBytes'].default, 50 * 1024 * 1024);
});
