/**
 * The web build's bundles (esbuild.mjs): nothing of Node in them, and the server within its size
 * budget (issue 27: under 1.5 MB minified; bench/README.md reports the figures).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';

const root = path.resolve(__dirname, '..', '..', '..');
const bundles = ['dist/web/server.js', 'dist/web/client.js'].map((f) => path.join(root, f));

describe('the web build', () => {
  it('keeps the server bundle under 1.5 MB minified', () => {
    const size = fs.statSync(bundles[0]).size;
    console.log(`web bundles: server ${size} bytes, client ${fs.statSync(bundles[1]).size} bytes`);
    assert.ok(size < 1.5 * 1024 * 1024, `dist/web/server.js is ${size} bytes`);
  });

  it('requires no Node module in either bundle', () => {
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    for (const file of bundles) {
      const required = [...fs.readFileSync(file, 'utf8').matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
      assert.deepEqual(required.filter((r) => builtins.has(r)), [], path.relative(root, file));
    }
  });

  it('fails to build a bundle that imports a Node module, naming the importer', async () => {
    const esbuild = (await import('esbuild')) as typeof import('esbuild');
    const { noNodeModules } = (await import(pathToFileURL(path.join(root, 'server', 'build', 'noNodeModules.mjs')).href)) as { noNodeModules: import('esbuild').Plugin };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-web-build-'));
    try {
      const entry = path.join(dir, 'entry.ts');
      fs.writeFileSync(entry, "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n");
      await assert.rejects(
        esbuild.build({ entryPoints: [entry], bundle: true, write: false, platform: 'browser', logLevel: 'silent', plugins: [noNodeModules] }),
        (e: Error) => /cannot use the Node module "node:fs" \(imported by .*entry\.ts\)/.test(e.message),
      );
      // The same entry without the plugin builds: the plugin is what refuses it.
      await esbuild.build({ entryPoints: [entry], bundle: true, write: false, platform: 'node', logLevel: 'silent' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
