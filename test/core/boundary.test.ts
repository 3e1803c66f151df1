/**
 * Architecture invariant: server/src/core imports nothing from VS Code, LSP connections, Node I/O or
 * the network (docs/ARCHITECTURE.md). This test reads every core source file's imports.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { it } from 'node:test';

const coreDir = path.resolve(__dirname, '..', '..', '..', 'server', 'src', 'core');
const FORBIDDEN = [/^vscode$/, /^vscode-languageserver(\/|$)/, /^vscode-languageclient/, /^vscode-jsonrpc/, /^(node:)?(fs|net|http|https|http2|child_process|dgram|tls|worker_threads|os|process|readline|cluster)(\/|$)/, /^undici/];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

it('the core imports no editor, LSP connection, Node I/O or network module', () => {
  const offenders: string[] = [];
  const all = files(coreDir);
  assert.ok(all.length > 20, `found only ${all.length} core files in ${coreDir}`);
  for (const file of all) {
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?:from\s+|require\()\s*['"]([^'"]+)['"]/g)) {
      if (FORBIDDEN.some((re) => re.test(m[1]))) offenders.push(`${path.relative(coreDir, file)}: ${m[1]}`);
    }
    // The network: no fetch, no sockets, whatever the import.
    if (/\bfetch\s*\(|\bXMLHttpRequest\b|\bWebSocket\b/.test(src.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''))) offenders.push(`${path.relative(coreDir, file)}: network call`);
  }
  assert.deepEqual(offenders, []);
});
