/**
 * docs/editors.md's Neovim configurations, as written, in a real Neovim: `nvim --headless` loads the
 * configuration taken from the page (so the page cannot drift from what is tested), opens a broken
 * request file in a project that has graphreq installed as a development dependency, and
 * test/nvim/probe.lua records what a person would see: the filetype, the attached server, the
 * diagnostics with their rule IDs (also in the virtual text and the diagnostic float), the completion
 * of <C-x><C-o> in a value, and the hover of K on a field.
 *
 * Runs where `nvim` is installed (CI installs Debian's neovim); skipped, and says so, elsewhere. The
 * configuration for Neovim 0.10 or later runs when the installed Neovim is that recent.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';

const root = path.resolve(__dirname, '..', '..', '..');
const probe = path.join(root, 'test', 'nvim', 'probe.lua');

/** The installed Neovim's version, or undefined when there is none. */
function nvimVersion(): [number, number] | undefined {
  const r = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  const m = /NVIM v(\d+)\.(\d+)/.exec(r.stdout ?? '');
  return r.error || !m ? undefined : [Number(m[1]), Number(m[2])];
}

/** The one ```lua block of the docs/editors.md section whose `## ` heading starts with `heading`. */
export function luaConfig(heading: string): string {
  const docs = fs.readFileSync(path.join(root, 'docs', 'editors.md'), 'utf8');
  const sections = docs.split(/^## /m).filter((s) => s.startsWith(heading));
  assert.equal(sections.length, 1, `one section of docs/editors.md headed "## ${heading}"`);
  const blocks = [...sections[0].matchAll(/^```lua\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  assert.equal(blocks.length, 1, `one lua block in the section "## ${heading}"`);
  return blocks[0];
}

const brokenRequest = [
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

interface ProbeResult {
  nvim: string;
  filetype: string;
  attached: boolean;
  clients: string[];
  diagnostics: Array<{ code?: string; lnum: number; severity: number; message: string }>;
  virtual_text: string[];
  diagnostic_float: string[];
  completed: boolean;
  completion: string[];
  hovered: boolean;
  hover: string[];
  done?: boolean;
  error?: string;
  watchdog?: boolean;
}

const version = nvimVersion();
const skip = version ? false : 'nvim is not installed (CI installs Debian\'s neovim)';

describe('Neovim with the configuration of docs/editors.md', { skip }, () => {
  let tmp: string;
  let project: string;

  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-nvim-'));
    // A project with graphreq installed as a development dependency: what `npm install --save-dev`
    // of the package leaves (node_modules/graphreq and its command in node_modules/.bin), this
    // repository standing in for the package.
    project = path.join(tmp, 'project');
    fs.mkdirSync(path.join(project, 'node_modules', '.bin'), { recursive: true });
    fs.mkdirSync(path.join(project, 'requests'));
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'ads-requests', version: '1.0.0', private: true, devDependencies: { graphreq: `file:${root}` } }, null, 2));
    fs.symlinkSync(root, path.join(project, 'node_modules', 'graphreq'), 'dir');
    fs.symlinkSync(path.join('..', 'graphreq', 'bin', 'graphreq.js'), path.join(project, 'node_modules', '.bin', 'graphreq'));
    fs.writeFileSync(path.join(project, 'graphreq.env.json'), JSON.stringify({ $shared: { account: '1234567890' } }, null, 2));
    fs.writeFileSync(path.join(project, 'requests', 'broken.graphreq'), brokenRequest);
  });

  after(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Starts Neovim with `config` on requests/broken.graphreq and returns what the probe recorded. */
  function runNeovim(name: string, config: string): ProbeResult {
    const dir = path.join(tmp, name);
    fs.mkdirSync(dir);
    const init = path.join(dir, 'init.lua');
    fs.writeFileSync(init, config);
    const result = path.join(dir, 'probe.json');
    // Nothing of the machine's own Neovim setup, npm run or token reaches this Neovim.
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('npm_') && !k.startsWith('GRAPHREQ_') && !k.startsWith('NVIM')) env[k] = v;
    for (const x of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME']) env[x] = path.join(dir, x.toLowerCase());
    env.PROBE_OUT = result;
    const r = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', init, '-c', `luafile ${probe}`, path.join('requests', 'broken.graphreq')], {
      cwd: project, env, encoding: 'utf8', timeout: 120_000,
    });
    assert.ok(fs.existsSync(result), `the probe wrote no result (exit ${r.status}, ${r.signal ?? ''}):\n${r.stdout}\n${r.stderr}`);
    const out = JSON.parse(fs.readFileSync(result, 'utf8')) as ProbeResult;
    assert.equal(out.error, undefined, `the probe failed: ${out.error}`);
    assert.ok(!out.watchdog, `the probe ran out of time at: ${JSON.stringify(out)}`);
    assert.equal(r.status, 0, r.stderr);
    return out;
  }

  function assertWorks(out: ProbeResult): void {
    assert.equal(out.filetype, 'graphreq', '.graphreq files get the graphreq filetype');
    assert.ok(out.attached && out.clients.includes('graphreq'), `the graphreq server is attached (clients: ${out.clients})`);
    const line = brokenRequest.split('\n').findIndex((l) => l.includes('IMPRESSIONZ'));
    const enums = out.diagnostics.find((d) => d.code === 'ADSET-ENUMS' && d.lnum === line);
    assert.ok(enums, `an ADSET-ENUMS diagnostic on line ${line + 1}: ${JSON.stringify(out.diagnostics)}`);
    assert.equal(enums.severity, 1, 'as an error');
    assert.ok(out.diagnostics.every((d) => typeof d.code === 'string' && /^[A-Z]+(-[A-Z0-9]+)+$/.test(d.code)), 'every diagnostic carries its rule ID');
    assert.ok(out.virtual_text.some((t) => t.includes('ADSET-ENUMS: `billing_event`')), `the virtual text shows the rule ID: ${JSON.stringify(out.virtual_text)}`);
    assert.ok(out.diagnostic_float.some((t) => t.includes('ADSET-ENUMS: `billing_event`')), `the diagnostic float shows the rule ID: ${JSON.stringify(out.diagnostic_float)}`);
    const words = out.completion.map((w) => w.replace(/"/g, ''));
    for (const v of ['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'COST_CAP', 'LOWEST_COST_WITH_MIN_ROAS']) {
      assert.ok(words.includes(v), `<C-x><C-o> in the bid_strategy value offers ${v}: ${JSON.stringify(out.completion)}`);
    }
    const hover = out.hover.join('\n');
    assert.ok(out.hovered && /daily_budget/.test(hover) && /budget/i.test(hover.replace(/daily_budget/g, '')), `K on daily_budget shows its documentation: ${JSON.stringify(out.hover)}`);
    assert.ok(out.done);
  }

  it('Neovim 0.7 to 0.9: diagnostics with rule IDs, completion and hover', () => {
    assertWorks(runNeovim('nvim07', luaConfig('Neovim 0.7')));
  });

  const recent = !!version && (version[0] > 0 || version[1] >= 10);
  it('Neovim 0.10 or later: diagnostics with rule IDs, completion and hover', { skip: recent ? false : `nvim ${version?.join('.')} is older than 0.10` }, () => {
    assertWorks(runNeovim('nvim010', luaConfig('Neovim 0.10')));
  });
});
