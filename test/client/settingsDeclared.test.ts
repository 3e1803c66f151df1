/**
 * Every setting the extension reads is declared in package.json (contributes.configuration), so the
 * Settings UI lists it and settings.json does not grey it out. The settings read are found in the
 * code: the client's `.get('key')` and `.inspect('key')` on the graphreq section, and the server's
 * `graphreq` section as ServerSettings describes it (server/src/lsp/protocol.ts), with the names
 * flattenSettings (server/src/lsp/server.ts) gives its nested keys.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

const root = path.join(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const declared = new Set(Object.keys(manifest.contributes.configuration.properties));
const read = (file: string): string => fs.readFileSync(path.join(root, file), 'utf8');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** Keys the client reads: `config(...).get<T>('key')`, `c.inspect<T>('key')`, `getConfiguration('graphreq').get('key')` (`c` is a configuration by convention). */
export function clientKeys(source: string): string[] {
  return [...source.matchAll(/(?:\bc|\bconfig\([^)]*\)|getConfiguration\('graphreq'[^)]*\))\.(?:get|inspect)(?:<[^>]*>)?\(\s*'([\w.]+)'/g)].map((m) => m[1]);
}

/** Keys of the server's section: ServerSettings' fields, nested ones as `a.b`; the flat names flattenSettings derives map back to theirs. */
export function serverKeys(protocol: string, server: string): string[] {
  const body = /export interface ServerSettings \{([\s\S]*?)\n\}/.exec(protocol)?.[1] ?? '';
  const keys: string[] = [];
  for (const m of body.matchAll(/^ {2}(\w+)\?: (\{[^}]*\}|[^;]+);/gm)) {
    const nested = m[2].startsWith('{') ? [...m[2].matchAll(/(\w+)\?:/g)].map((n) => `${m[1]}.${n[1]}`) : [m[1]];
    keys.push(...nested);
  }
  const flatten = /function flattenSettings[\s\S]*?\n\}/.exec(server)?.[0] ?? '';
  const derived = new Map([...flatten.matchAll(/out\.(\w+) = (\w+)\.(\w+);/g)].map((m) => [m[1], `${m[2]}.${m[3]}`]));
  const ignored = new Set([...flatten.matchAll(/(\w+): _\w+/g)].map((m) => m[1]));
  return keys.filter((k) => !ignored.has(k)).map((k) => derived.get(k) ?? k);
}

test('the scanners find the settings read', () => {
  assert.deepEqual(clientKeys("c.get<number>('usage.warningThreshold', 75); config(scope).inspect<string>('baseUrl'); vscode.workspace.getConfiguration('graphreq').get<boolean>('history.enabled', true); this.state.get<string>('picked')"), ['usage.warningThreshold', 'baseUrl', 'history.enabled']);
  assert.deepEqual(serverKeys('export interface ServerSettings {\n  environment?: string;\n  historyEnabled?: boolean;\n  workspaceTrusted?: boolean;\n  format?: { keepLines?: boolean };\n}', 'function flattenSettings(s) {\n  const { workspaceTrusted: _ignored, ...rest } = s;\n  if (x) out.historyEnabled = history.enabled;\n}'), ['environment', 'history.enabled', 'format.keepLines']);
});

test('every setting read by the client or the server is declared', () => {
  const keys = new Set<string>();
  for (const file of filesUnder('client/src')) for (const k of clientKeys(read(file))) keys.add(k);
  for (const k of serverKeys(read('server/src/lsp/protocol.ts'), read('server/src/lsp/server.ts'))) keys.add(k);
  assert.ok(keys.size >= 15, `found ${keys.size} settings read: ${[...keys].join(', ')}`);
  const missing = [...keys].map((k) => `graphreq.${k}`).filter((k) => !declared.has(k));
  assert.deepEqual(missing, [], 'read but not declared in package.json');
});
