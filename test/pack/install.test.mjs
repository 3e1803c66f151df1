// The npm package as a user gets it: `npm pack` (prepack builds the bundles), the tarball installed
// into an empty project, and graphreq run from there with npx: --version, check, send to the embedded
// emulator, and an LSP initialize over `lsp --stdio`. Run by `npm run test:pack` (and .ci/run), not by
// `npm test`: packing rebuilds dist/ in production mode, which the other suites must not see change
// under them. Prints the tarball's size and file count.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifestText = fs.readFileSync(path.join(root, 'package.json'), 'utf8');
const manifest = JSON.parse(manifestText);
const backup = path.join(root, '.package.json.pack-backup');
// The test's own JSON-RPC client comes from the repository's development dependencies, never from the package.
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = createRequire(path.join(root, 'package.json'))('vscode-languageserver-protocol/node');

/** An ad set creation with a wrong enum value: one error, ADSET-ENUMS. */
const broken = [
  'POST /v23.0/act_1234567890/adsets',
  '',
  '{ "name": "Spring sale", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONZ",',
  '  "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }',
  '',
].join('\n');

/** npx, npm and graphreq see a clean environment: no token, no configuration of this repository's run. */
function cleanEnv() {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('npm_') || k.startsWith('GRAPHREQ_')) delete env[k];
  return { ...env, NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

/** The repository's working tree as git sees it (ignored files aside), or null outside a git checkout. */
function treeStatus() {
  const r = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout : null;
}

/** Waits (up to 15 s) for package.json to be the developer's again, byte for byte, and the backup gone. */
async function manifestRestored() {
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (fs.readFileSync(path.join(root, 'package.json'), 'utf8') === manifestText && !fs.existsSync(backup)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('the packed npm package, installed into an empty project', () => {
  let tmp;
  let project;
  let tarball;
  let installOutput = '';
  let statusBefore;

  before(() => {
    statusBefore = treeStatus();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-pack-'));
    // npm pack runs prepack (the production build) in the repository, as `npm publish` would.
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', tmp], { cwd: root, env: { ...cleanEnv(), npm_config_loglevel: 'error' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const info = JSON.parse(out.slice(out.indexOf('[')))[0];
    tarball = path.join(tmp, info.filename);
    console.log(`# tarball ${info.filename}: ${(fs.statSync(tarball).size / 1024).toFixed(1)} kB packed, ${(info.unpackedSize / 1024).toFixed(1)} kB unpacked, ${info.entryCount} files`);
    project = path.join(tmp, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'uses-graphreq', version: '1.0.0', private: true }, null, 2));
    // --offline: the package has no runtime dependency, so installing it needs nothing from the registry.
    const inst = run('npm', ['install', '--save-dev', '--offline', '--no-audit', '--no-fund', tarball], project);
    assert.equal(inst.code, 0, `npm install of the tarball failed:\n${inst.out}\n${inst.err}`);
    installOutput = inst.out + inst.err;
    fs.copyFileSync(path.join(root, 'examples', 'adsets.graphreq'), path.join(project, 'adsets.graphreq'));
  });

  after(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('installs as a development dependency with the graphreq command, and nothing from the repository beside it', () => {
    const installed = path.join(project, 'node_modules', 'graphreq');
    assert.ok(fs.existsSync(path.join(project, 'node_modules', '.bin', 'graphreq')), 'node_modules/.bin/graphreq');
    assert.equal(JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8')).devDependencies.graphreq.startsWith('file:'), true);
    for (const absent of ['test', 'server', 'client', 'out', 'node_modules', 'esbuild.mjs', 'tsconfig.json']) {
      assert.ok(!fs.existsSync(path.join(installed, absent)), `${absent} is in the installed package`);
    }
    const nodeModules = fs.readdirSync(path.join(project, 'node_modules')).filter((d) => !d.startsWith('.'));
    assert.deepEqual(nodeModules, ['graphreq'], 'the package pulls in no other package');
  });

  it('ships a package.json without the development scripts: installing it warns of none, and the repository\'s is left as it was', () => {
    const packed = JSON.parse(fs.readFileSync(path.join(project, 'node_modules', 'graphreq', 'package.json'), 'utf8'));
    assert.equal(packed.scripts, undefined, `scripts in the packed package.json: ${JSON.stringify(packed.scripts)}`);
    assert.doesNotMatch(installOutput, /prepare|esbuild/i, installOutput);
    assert.equal(fs.readFileSync(path.join(root, 'package.json'), 'utf8'), manifestText, 'npm pack left the repository\'s package.json changed');
    assert.ok(!fs.existsSync(backup), 'the backup of package.json is gone after npm pack');
    assert.equal(treeStatus(), statusBefore, 'npm pack changed the working tree');
  });

  it('a failed npm pack leaves the repository\'s package.json as it was (npm runs no postpack then)', async () => {
    try {
      // prepack runs, then writing the tarball fails: the folder does not exist.
      const r = spawnSync('npm', ['pack', '--pack-destination', path.join(tmp, 'no-such-folder')], { cwd: root, env: { ...cleanEnv(), npm_config_loglevel: 'error' }, encoding: 'utf8', timeout: 300_000 });
      assert.notEqual(r.status, 0, `npm pack into a missing folder should fail:\n${r.stdout}\n${r.stderr}`);
      assert.match(r.stderr, /ENOENT/);
      assert.ok(await manifestRestored(), `package.json is left changed after a failed npm pack:\n${fs.readFileSync(path.join(root, 'package.json'), 'utf8').slice(0, 400)}`);
      assert.equal(treeStatus(), statusBefore, 'a failed npm pack changed the working tree');
    } finally {
      // Whatever happened, the developer's package.json is put back.
      execFileSync(process.execPath, [path.join(root, 'server', 'build', 'packManifest.mjs'), 'restore'], { cwd: root });
    }
  });

  it('npx graphreq --version prints the package version', () => {
    const r = run('npx', ['graphreq', '--version'], project);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out.trim(), manifest.version);
  });

  it('npx graphreq check passes the example file and reports a broken one by rule ID', () => {
    const ok = run('npx', ['graphreq', 'check', 'adsets.graphreq'], project);
    assert.equal(ok.code, 0, `${ok.out}\n${ok.err}`);
    assert.match(ok.out + ok.err, /1 file checked: 0 errors/);
    fs.writeFileSync(path.join(project, 'broken.graphreq'), broken);
    const bad = run('npx', ['graphreq', 'check', 'broken.graphreq'], project);
    assert.equal(bad.code, 1, `${bad.out}\n${bad.err}`);
    assert.match(bad.out, /^broken\.graphreq:3:\d+: error ADSET-ENUMS .*IMPRESSIONZ/m);
  });

  it('npx graphreq send sends the example file to the embedded emulator', () => {
    const r = run('npx', ['graphreq', 'send', 'adsets.graphreq', '--all'], project);
    assert.equal(r.code, 0, `${r.out}\n${r.err}`);
    assert.match(r.err, /embedded emulator/);
    const statuses = [...r.out.matchAll(/^HTTP (\d{3})/gm)].map((m) => Number(m[1]));
    const requests = (fs.readFileSync(path.join(project, 'adsets.graphreq'), 'utf8').match(/^###/gm) ?? []).length;
    assert.equal(statuses.length, requests, `one response per request of the file:\n${r.out}`);
    assert.ok(statuses.every((s) => s === 200), `statuses ${statuses}`);
    assert.match(r.out, /"copied_adset_id"/);
    assert.ok(!/demo-token/.test(r.out + r.err), 'the token is redacted');
  });

  it('npx graphreq lsp --stdio answers initialize and publishes diagnostics', async () => {
    const child = spawn('npx', ['graphreq', 'lsp', '--stdio'], { cwd: project, env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const uri = pathToFileURL(path.join(project, 'broken.graphreq')).href;
    const diagnostics = new Promise((resolve) => connection.onNotification('textDocument/publishDiagnostics', (p) => { if (p.uri === uri) resolve(p.diagnostics); }));
    connection.onRequest('workspace/configuration', (p) => p.items.map(() => ({})));
    connection.onRequest('client/registerCapability', () => null);
    connection.listen();
    try {
      const init = await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(project).href, capabilities: { textDocument: { publishDiagnostics: { codeDescriptionSupport: true } } } });
      assert.equal(init.serverInfo?.name, 'graphreq');
      assert.equal(init.serverInfo?.version, manifest.version);
      assert.ok(init.capabilities.completionProvider && init.capabilities.hoverProvider, 'completion and hover');
      await connection.sendNotification('initialized', {});
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text: broken } });
      const found = await diagnostics;
      assert.deepEqual(found.map((d) => [d.code, d.severity, d.range.start.line]), [['ADSET-ENUMS', 1, 2]]);
      // The rule link leads to docs/rules.md inside the installed package.
      const href = found[0].codeDescription?.href ?? '';
      assert.ok(href.startsWith(pathToFileURL(path.join(project, 'node_modules', 'graphreq', 'docs', 'rules.md')).href), href);
      assert.ok(fs.existsSync(fileURLToPath(href.replace(/#.*$/, ''))), `${href} exists`);
      // The hover of a field cites the API's documents through docs/api.md inside the installed package.
      const line = broken.split('\n').findIndex((l) => l.includes('daily_budget'));
      const hover = await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: broken.split('\n')[line].indexOf('daily_budget') + 2 } });
      const text = hover?.contents?.value ?? '';
      assert.match(text, /daily_budget/);
      const apiLinks = [...text.matchAll(/\((file:[^)#]+docs\/api\.md)#[^)]*\)/g)].map((m) => m[1]);
      assert.ok(apiLinks.length > 0, `the hover links docs/api.md: ${text}`);
      for (const link of apiLinks) assert.ok(fs.existsSync(fileURLToPath(link)) && fileURLToPath(link).startsWith(path.join(project, 'node_modules', 'graphreq')), `${link} is inside the installed package`);
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      assert.equal(await exited, 0, stderr);
    } finally {
      connection.dispose();
      if (child.exitCode === null) child.kill();
    }
  });
});
