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

const clientSource = (): string => fs.readdirSync(path.join(__dirname, '..', '..', '..', 'client', 'src'), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts'))
  .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'))
  .join('\n');

/** Commands the client registers: `register('id', …)` and `registerCommand('id', …)`. */
function registeredCommands(source: string): Set<string> {
  return new Set([...source.matchAll(/\bregister(?:Command)?\(\s*'([\w.]+)'/g)].map((m) => m[1]));
}

test('keys people know: Ctrl+Alt+L sends again, Ctrl+Alt+E chooses the environment, Ctrl+Alt+H opens the history', () => {
  const registered = registeredCommands(clientSource());
  const byKey = new Map<string, string>(manifest.contributes.keybindings.map((k: { key: string; command: string }) => [k.key, k.command]));
  assert.equal(byKey.get('ctrl+alt+l'), 'graphreq.sendAgain');
  assert.equal(byKey.get('ctrl+alt+e'), 'graphreq.selectEnvironment');
  assert.equal(byKey.get('ctrl+alt+h'), 'graphreq.openHistory');
  for (const k of manifest.contributes.keybindings) assert.ok(registered.has(k.command), `${k.command} (${k.key}) is registered by the client`);
});

test('one product name, GraphReq, in the display name, titles, categories and messages', () => {
  assert.equal(manifest.displayName, 'GraphReq');
  assert.equal(manifest.contributes.configuration.title, 'GraphReq');
  for (const c of manifest.contributes.commands) assert.equal(c.category, 'GraphReq', c.command);
  for (const w of manifest.contributes.walkthroughs) assert.match(w.title, /\bGraphReq\b/);
  // A message names the product as GraphReq: never `graphreq:` nor `Graphreq`.
  const source = clientSource();
  assert.deepEqual([...source.matchAll(/['`"](?:graphreq|Graphreq|GRAPHREQ): /g)].map((m) => m[0]), []);
  assert.deepEqual([...source.matchAll(/\bGraphreq\b/g)].map((m) => m[0]), []);
  assert.ok((source.match(/'GraphReq: /g) ?? []).length > 10, 'messages start with GraphReq:');
});

test('the Getting Started walkthrough: its steps, each completed by a real event, with its page', () => {
  const root = path.join(__dirname, '..', '..', '..');
  const source = clientSource();
  const registered = registeredCommands(source);
  const contexts = new Set([...source.matchAll(/'setContext', '([\w.]+)'/g)].map((m) => m[1]));
  const [walkthrough] = manifest.contributes.walkthroughs;
  assert.deepEqual(walkthrough.steps.map((s: { id: string }) => s.id), ['openExample', 'fixDiagnostic', 'send', 'usage', 'test', 'environment', 'token']);
  for (const step of walkthrough.steps) {
    assert.ok(step.completionEvents.length > 0, `${step.id} completes on an event`);
    for (const event of step.completionEvents as string[]) {
      const [kind, what] = event.split(/:(.*)/s);
      if (kind === 'onCommand') assert.ok(registered.has(what), `${step.id}: ${what} is a command the client registers`);
      else if (kind === 'onContext') assert.ok(contexts.has(what), `${step.id}: the client sets the context key ${what}`);
      else assert.fail(`${step.id}: ${event} is no event the client makes happen`);
    }
    assert.ok(fs.existsSync(path.join(root, step.media.markdown)), `${step.id}: ${step.media.markdown} exists`);
    for (const m of String(step.description).matchAll(/\(command:([\w.]+)\)/g)) {
      assert.ok(registered.has(m[1]) || /^workbench\./.test(m[1]), `${step.id}: its link runs ${m[1]}`);
    }
  }
  // Each page says what its step asks, in the words of the step.
  assert.match(fs.readFileSync(path.join(root, 'client/walkthrough/diagnostic.md'), 'utf8'), /IMPRESSIONZ[\s\S]*Ctrl\+\./);
  assert.match(fs.readFileSync(path.join(root, 'client/walkthrough/getting-started.graphreq'), 'utf8'), /"billing_event": "IMPRESSIONZ"[\s\S]*/);
});
