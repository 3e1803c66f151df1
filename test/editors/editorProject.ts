/**
 * What the editor tests share: the configuration blocks of docs/editors.md as written, and a project
 * in a temporary folder that has graphreq installed as a development dependency (what
 * `npm install --save-dev` of the package leaves: node_modules/graphreq and its command in
 * node_modules/.bin, this repository standing in for the package), with a graphreq.env.json and a
 * broken request file in requests/.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** The one `lang` code block of the docs/editors.md section whose `## ` heading starts with `heading`. */
export function docsBlock(heading: string, lang: string): string {
  const docs = fs.readFileSync(path.join(repoRoot, 'docs', 'editors.md'), 'utf8');
  const sections = docs.split(/^## /m).filter((s) => s.startsWith(heading));
  assert.equal(sections.length, 1, `one section of docs/editors.md headed "## ${heading}"`);
  const blocks = [...sections[0].matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => m[1]);
  assert.equal(blocks.length, 1, `one ${lang} block in the section "## ${heading}"`);
  return blocks[0];
}

/** An ad set creation with a wrong enum value (ADSET-ENUMS) and an empty one to complete. */
export const brokenRequest = [
  '### Create an ad set, with a wrong billing_event',
  'POST /v23.0/act_1234567890/adsets',
  '',
  '{',
  '  "name": "Spring sale",',
  '  "campaign_id": "120200000000000001",',
  '  "daily_budget": 2000,',
  '  "billing_event": "IMPRESSIONZ",',
  '  "optimization_goal": "REACH",',
  '  "bid_strategy": "",',
  '  "targeting": { "geo_locations": { "countries": ["US"] } },',
  '  "status": "PAUSED"',
  '}',
  '',
].join('\n');

/** The values the editors must offer in the empty bid_strategy. */
export const bidStrategies = ['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'COST_CAP', 'LOWEST_COST_WITH_MIN_ROAS'];

/** Creates the project under `tmp` and returns its folder; the broken file is requests/broken.graphreq. */
export function makeProject(tmp: string): string {
  const project = path.join(tmp, 'project');
  fs.mkdirSync(path.join(project, 'node_modules', '.bin'), { recursive: true });
  fs.mkdirSync(path.join(project, 'requests'));
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'ads-requests', version: '1.0.0', private: true, devDependencies: { graphreq: `file:${repoRoot}` } }, null, 2));
  fs.symlinkSync(repoRoot, path.join(project, 'node_modules', 'graphreq'), 'dir');
  fs.symlinkSync(path.join('..', 'graphreq', 'bin', 'graphreq.js'), path.join(project, 'node_modules', '.bin', 'graphreq'));
  fs.writeFileSync(path.join(project, 'graphreq.env.json'), JSON.stringify({ $shared: { account: '1234567890' } }, null, 2));
  fs.writeFileSync(path.join(project, 'requests', 'broken.graphreq'), brokenRequest);
  return project;
}

export function makeTmp(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `graphreq-${name}-`));
}

/** The environment of an editor under test: nothing of npm's run, no token, its own XDG folders under `dir`. */
export function editorEnv(dir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('npm_') && !k.startsWith('GRAPHREQ_') && !k.startsWith('NVIM')) env[k] = v;
  for (const x of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME']) env[x] = path.join(dir, x.toLowerCase());
  return { ...env, ...extra };
}

/** Runs an editor that writes its findings as JSON to $PROBE_OUT, and returns them. */
export function runProbe<T extends { error?: string; watchdog?: boolean }>(cmd: string, args: string[], cwd: string, dir: string): T {
  const result = path.join(dir, 'probe.json');
  const r = spawnSync(cmd, args, { cwd, env: editorEnv(dir, { PROBE_OUT: result }), encoding: 'utf8', timeout: 120_000 });
  assert.ok(fs.existsSync(result), `the probe wrote no result (exit ${r.status}, ${r.signal ?? ''}):\n${r.stdout}\n${r.stderr}`);
  const out = JSON.parse(fs.readFileSync(result, 'utf8')) as T;
  assert.equal(out.error, undefined, `the probe failed: ${out.error}\n${r.stderr}`);
  assert.ok(!out.watchdog, `the probe ran out of time at: ${JSON.stringify(out)}`);
  assert.equal(r.status, 0, r.stderr);
  return out;
}
