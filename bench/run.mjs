// The benchmark, one command: `npm run bench` (after `npm run build` and `npx tsc -p tsconfig.test.json`,
// which `npm test` also does). Generates the reference files, all valid and with findings, then measures
// each and prints them side by side:
//   - full check vs the jsonc-parser floor, in process and as cold processes;
//   - graphreq check vs httpYac's parser as cold processes (httpYac is installed into bench/.peers
//     on first use; pass --no-peers to skip it);
//   - a cold `graphreq check` of 1,000 requests;
//   - the language server: first diagnostics, one-character edits (pushed and pulled), the bytes of a
//     diagnostic, completion and hover, memory after 100 edits;
//   - editor features (bench/editorFeatures.mjs): inlay hints of a screen, formatting the whole file.
// Wall times drift on shared machines; cold processes also report their CPU time (user + system),
// which load does not inflate. Compare ratios and CPU times.
// `--baseline DIR` (or BENCH_BASELINE=DIR): DIR is another build of graphreq (a checkout with
// `npm ci && npm run build` done, such as a `git worktree` of an older commit); its cold checks and
// language server are measured in the same run, interleaved with this build's, and printed beside
// them. Without it the figures are printed beside bench/baseline.json (taken that way).
// The account context is off (`check --no-context`, `graphreq.context: off`): the reference files
// are measured on their own findings; the embedded emulator's state knows none of their campaigns.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

const peers = !process.argv.includes('--no-peers');
const baselineArg = process.argv.indexOf('--baseline');
const baselineDir = baselineArg > 0 ? process.argv[baselineArg + 1] : process.env.BENCH_BASELINE;
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const dir = 'bench/results';
fs.mkdirSync(dir, { recursive: true });
const files = {
  valid: { big: `${dir}/adsets-10k.graphreq`, thousand: `${dir}/adsets-1k.graphreq`, flag: [] },
  findings: { big: `${dir}/adsets-10k-findings.graphreq`, thousand: `${dir}/adsets-1k-findings.graphreq`, flag: ['--findings'] },
};
const small = `${dir}/small.graphreq`;
for (const f of Object.values(files)) {
  execFileSync(process.execPath, ['bench/generate.mjs', '10000', f.big, ...f.flag], { stdio: 'inherit' });
  execFileSync(process.execPath, ['bench/generate.mjs', '1000', f.thousand, ...f.flag], { stdio: 'inherit' });
}
execFileSync(process.execPath, ['bench/generate.mjs', '20', small], { stdio: 'inherit' });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU time used by this process's finished children, in ms (Linux: /proc/self/stat cutime + cstime). */
function childrenCpuMs() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Medians of a cold process's wall time and CPU time, in ms. */
function cold(args, okCodes = [0, 1], runs = rounds) {
  return coldSide([args], okCodes, runs)[0];
}

/** `cold` of several commands, their runs interleaved (A B A B ...): load that comes and goes falls on each alike. */
function coldSide(commands, okCodes = [0, 1], runs = rounds) {
  const wall = commands.map(() => []);
  const cpu = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    commands.forEach((args, k) => {
      const c = childrenCpuMs();
      const t = process.hrtime.bigint();
      const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
      wall[k].push(Number(process.hrtime.bigint() - t) / 1e6);
      cpu[k].push(childrenCpuMs() - c);
      if (!okCodes.includes(r.status)) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    });
  }
  return commands.map((_, k) => ({ ms: median(wall[k]), cpuMs: median(cpu[k]) }));
}
const json = (args, env = {}) => JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, ...env } }).trim().split('\n').pop());

if (peers && !fs.existsSync('bench/.peers/node_modules/httpyac')) {
  console.log('installing httpyac@6.16.7 into bench/.peers (once)...');
  fs.mkdirSync('bench/.peers', { recursive: true });
  if (!fs.existsSync('bench/.peers/package.json')) fs.writeFileSync('bench/.peers/package.json', '{"private":true}\n');
  execFileSync('npm', ['install', '--prefix', 'bench/.peers', '--no-audit', '--no-fund', '--ignore-scripts', 'httpyac@6.16.7'], { stdio: 'inherit' });
}

const bare = cold(['-e', '0']);
const results = { date: new Date().toISOString(), node: process.version, rounds, bareNode: bare };
for (const [name, f] of Object.entries(files)) {
  console.log(`measuring the ${name} file...`);
  const r = { inProcess: json(['bench/inprocess.mjs', f.big, String(rounds)]) };
  const checkOf = (bin, file) => [bin, 'check', '--no-context', file];
  const [floor, check, before] = coldSide([['bench/floor.mjs', f.big], checkOf('bin/graphreq.js', f.big), ...(baselineDir ? [checkOf(`${baselineDir}/bin/graphreq.js`, f.big)] : [])]);
  const [check1k, before1k] = coldSide([checkOf('bin/graphreq.js', f.thousand), ...(baselineDir ? [checkOf(`${baselineDir}/bin/graphreq.js`, f.thousand)] : [])]);
  r.cold = { floor, check, ratio: check.ms / floor.ms, cpuRatio: check.cpuMs / floor.cpuMs, check1k };
  // What a process spends before it reads a file: `graphreq --version` against bare node.
  const [version, beforeVersion] = coldSide([['bin/graphreq.js', '--version'], ...(baselineDir ? [[`${baselineDir}/bin/graphreq.js`, '--version']] : [])], [0]);
  r.cold.version = version;
  if (baselineDir) r.baseline = { cold: { check: before, ratio: before.ms / floor.ms, cpuRatio: before.cpuMs / floor.cpuMs, check1k: before1k, version: beforeVersion } };
  if (peers) {
    r.cold.httpyac = cold(['--max-old-space-size=4096', 'bench/httpyacParse.mjs', f.big], [0], Math.min(rounds, 3));
    r.cold.fasterThanHttpyac = r.cold.httpyac.ms / check.ms;
  }
  r.lsp = json(['bench/lsp.mjs', f.big, small]);
  if (baselineDir) r.baseline.lsp = json(['bench/lsp.mjs', f.big, small], { BENCH_DIST: `${baselineDir}/dist` });
  r.editor = json(['bench/editorFeatures.mjs', f.big]);
  results[name] = r;
}

console.log('measuring responsiveness (a 5 MB body with 100,000 findings, a hover during the open of the findings file, a body nested 10,000 deep)...');
results.responsiveness = json(['bench/responsiveness.mjs', files.findings.big]);

const v = results.valid;
const w = results.findings;
const f = (x) => (typeof x !== 'number' || Number.isNaN(x) ? '-' : x < 10 ? x.toFixed(2) : x.toFixed(0));
const ms = (x) => `${f(x)} ms`;
const coldCell = (c, floor) => `${ms(c.ms)} (cpu ${ms(c.cpuMs)}), ${f(c.ms / floor.ms)}× floor`;
const rows = [
  ['requests / size', (r) => `${r.inProcess.requests} bodies, ${(r.inProcess.bytes / 1e6).toFixed(1)} MB, ${r.lsp.findings} findings`, ''],
  ['full check in process', (r) => `${ms(r.inProcess.checkMs)}, ${f(r.inProcess.ratio)}× floor (${ms(r.inProcess.floorMs)})`, '≤ 1×'],
  ['cold check, 10k requests', (r) => coldCell(r.cold.check, r.cold.floor), '≤ 1×'],
  ['cold floor (jsonc-parser)', (r) => `${ms(r.cold.floor.ms)} (cpu ${ms(r.cold.floor.cpuMs)})`, ''],
  ['vs httpYac, cold', (r) => (r.cold.httpyac ? `${ms(r.cold.httpyac.ms)}: ${f(r.cold.fasterThanHttpyac)}× faster` : 'skipped'), '≥ 30×'],
  ['cold check, 1,000 requests', (r) => `${ms(r.cold.check1k.ms)} (cpu ${ms(r.cold.check1k.cpuMs)})`, '< 400 ms'],
  ['graphreq --version (start, no file)', (r) => `${ms(r.cold.version.ms)} (cpu ${ms(r.cold.version.cpuMs)}; bare node ${ms(bare.ms)})`, ''],
  ['LSP start → first diagnostics (small)', (r) => ms(r.lsp.startToFirstDiagnosticsMs), '< 300 ms'],
  ['LSP open 10k → first diagnostics (push)', (r) => `${ms(r.lsp.openLargeMs)} (${r.lsp.openFirstDiagnostics} diags); all ${ms(r.lsp.openLargeWholeMs)} (server cpu ${ms(r.lsp.openLargeCpuMs)})`, '< 1.0 s'],
  ['LSP open 10k → first diagnostics (pull)', (r) => `${ms(r.lsp.pullOpenLargeMs)} (${r.lsp.pullOpenFirstDiagnostics} diags); all ${ms(r.lsp.pullOpenLargeWholeMs)}`, '< 1.0 s'],
  ['edit → diagnostics ready, server (push)', (r) => `${ms(r.lsp.push.serverReadyMedianMs)} median, p95 ${ms(r.lsp.push.serverReadyP95Ms)}; cpu ${ms(r.lsp.push.serverCpuPerEditMs)}/edit`, '< 10 ms'],
  ['… written (push), first byte at client', (r) => `${ms(r.lsp.push.serverWrittenMedianMs)}; ${ms(r.lsp.push.serverMedianMs)}`, ''],
  ['edit → diagnostics, end to end (push)', (r) => `${ms(r.lsp.push.e2eMedianMs)} median (client parse ${ms(r.lsp.push.clientParseMedianMs)})`, '< 40 ms'],
  ['… every hint once typing stops (push)', (r) => (r.lsp.push.afterTyping ? `${ms(r.lsp.push.afterTyping.ms)} after the last edit (${r.lsp.push.afterTyping.diagnostics} diagnostics)` : 'none held back'), ''],
  ['bytes a diagnostic (push, links)', (r) => `${f(r.lsp.push.bytesPerDiagnostic)} (${(r.lsp.push.messageBytes / 1e6).toFixed(2)} MB a message)`, ''],
  ['edit → diagnostics end to end; bytes a diagnostic (push, Neovim 0.7: no links)', (r) => (r.lsp.pushPlain ? `${ms(r.lsp.pushPlain.e2eMedianMs)} median (client parse ${ms(r.lsp.pushPlain.clientParseMedianMs)}); ${f(r.lsp.pushPlain.bytesPerDiagnostic)} bytes (${(r.lsp.pushPlain.messageBytes / 1e6).toFixed(2)} MB a message)` : 'not measured'), '< 40 ms; < 150'],
  ['edit → diagnostics ready, server (pull)', (r) => `${ms(r.lsp.pull.serverReadyMedianMs)} median, p95 ${ms(r.lsp.pull.serverReadyP95Ms)}; cpu ${ms(r.lsp.pull.serverCpuPerEditMs)}/edit`, '< 10 ms'],
  ['edit → diagnostics, end to end (pull)', (r) => `${ms(r.lsp.pull.e2eMedianMs)} median (client parse ${ms(r.lsp.pull.clientParseMedianMs)})`, '< 40 ms'],
  ['… every hint once typing stops (pull)', (r) => (r.lsp.pull.afterTyping ? `${ms(r.lsp.pull.afterTyping.ms)} after the last edit (${r.lsp.pull.afterTyping.diagnostics} diagnostics)` : 'none held back'), ''],
  ['bytes a diagnostic (pull, VS Code)', (r) => `${f(r.lsp.pull.bytesPerDiagnostic)} (${(r.lsp.pull.messageBytes / 1e6).toFixed(2)} MB a message)`, '< 200'],
  ['pull of an unchanged document', (r) => `${ms(r.lsp.pull.unchangedMedianMs)} (unchanged)`, ''],
  ['completion at 100 positions', (r) => `${ms(r.lsp.completionMedianMs)} median`, '< 5 ms'],
  ['hover at 100 positions', (r) => `${ms(r.lsp.hoverMedianMs)} median`, '< 5 ms'],
  ['inlay hints of a screen (60 lines), 100 positions', (r) => `${ms(r.editor.inlayHintsMedianMs)} median, p95 ${ms(r.editor.inlayHintsP95Ms)}; after an edit ${ms(r.editor.inlayHintsAfterEditMedianMs)}`, '< 20 ms'],
  ['format the whole document, in process', (r) => ms(r.inProcess.formatMs), '< 200 ms'],
  ['format the whole document, LSP round trip', (r) => `${ms(r.editor.formatMedianMs)} median (${r.editor.formatEdits} edits); a screen ${ms(r.editor.rangeFormatMedianMs)}`, ''],
  ['server memory, open / after 100 edits (push, plain node)', (r) => `${f(r.lsp.rssAfterOpenMb)} / ${f(r.lsp.rssAfterEditsMb)} MB RSS`, '< 250 MB'],
  ['server memory, open / after 40 edits (as VS Code starts it)', (r) => (r.lsp.pullRssAfterEditsMb === undefined ? 'not measured' : `${f(r.lsp.pullRssAfterOpenMb)} / ${f(r.lsp.pullRssAfterEditsMb)} MB RSS${r.lsp.pullNodeFlags?.length ? ` (${r.lsp.pullNodeFlags.join(' ')})` : ''}`), '< 250 MB'],
];
console.log(`\ngraphreq bench (node ${process.version}, ${rounds} rounds; bare node ${ms(bare.ms)})\n`);
console.log(`${'figure'.padEnd(42)} ${'all valid'.padEnd(52)} ${'with findings'.padEnd(52)} target`);
for (const [label, cell, target] of rows) console.log(`${label.padEnd(42)} ${cell(v).padEnd(52)} ${cell(w).padEnd(52)} ${target}`);
// The figures beside those of an earlier build: measured in this run (--baseline), else bench/baseline.json.
const saved = fs.existsSync('bench/baseline.json') ? JSON.parse(fs.readFileSync('bench/baseline.json', 'utf8')) : undefined;
const before = (name) => results[name].baseline ?? saved?.[name];
if (before('valid') && before('findings')) {
  const label = baselineDir ? `${baselineDir}, measured in this run` : `bench/baseline.json: ${saved.label}`;
  const pairs = [
    ['cold check, 10k (× cold floor)', (c, r) => `${ms(c.cold.check.ms)} (cpu ${ms(c.cold.check.cpuMs)}), ${f(c.cold.check.ms / (c.cold.floor ?? r.cold.floor).ms)}×`],
    ['cold check, 1,000 requests', (c) => `${ms(c.cold.check1k.ms)} (cpu ${ms(c.cold.check1k.cpuMs)})`],
    ['graphreq --version', (c) => (c.cold.version ? `${ms(c.cold.version.ms)} (cpu ${ms(c.cold.version.cpuMs)})` : '-')],
    ['LSP open 10k → first diagnostics', (c) => `${ms(c.lsp.openLargeMs)}, all ${ms(c.lsp.openLargeWholeMs ?? c.lsp.openLargeMs)} (cpu ${ms(c.lsp.openLargeCpuMs)})`],
    ['… pulled', (c) => `${ms(c.lsp.pullOpenLargeMs)}, all ${ms(c.lsp.pullOpenLargeWholeMs ?? c.lsp.pullOpenLargeMs)}`],
    ['edit → diagnostics, end to end (push)', (c) => `${ms(c.lsp.push.e2eMedianMs)}, ${c.lsp.push.diagnostics} diags, ${(c.lsp.push.messageBytes / 1e6).toFixed(2)} MB`],
    ['edit → diagnostics, end to end (pull)', (c) => `${ms(c.lsp.pull.e2eMedianMs)}, ${c.lsp.pull.diagnostics} diags, ${(c.lsp.pull.messageBytes / 1e6).toFixed(2)} MB`],
    ['server memory after 100 edits', (c) => `${f(c.lsp.rssAfterEditsMb)} MB RSS`],
  ];
  console.log(`\nbefore → now (before: ${label})\n`);
  console.log(`${'figure'.padEnd(42)} ${'all valid'.padEnd(66)} with findings`);
  for (const [label_, cell] of pairs) {
    const side = (name) => `${cell(before(name), results[name])} → ${cell(results[name], results[name])}`;
    console.log(`${label_.padEnd(42)} ${side('valid').padEnd(66)} ${side('findings')}`);
  }
}
const rsp = results.responsiveness;
const big = rsp.bigBody;
const step = (x) => `${ms(x.ms)} (server cpu ${ms(x.cpuMs)}), hover elsewhere ${ms(x.hoverMs)}`;
console.log(`\nresponsiveness (bench/responsiveness.mjs)\n`);
for (const [label, cell, target] of [
  [`5 MB body, 100,000 findings (${big.open.diagnostics} shown): open`, step(big.open), '< 3 s; hover < 100 ms'],
  ['… a keystroke in the body', step(big.keystrokeInBody), '< 1 s'],
  ['… a keystroke in another request', step(big.keystrokeElsewhere), ''],
  ['findings file: hover sent with didOpen', `${ms(rsp.largeFile.hoverDuringOpenMs)} (open ${ms(rsp.largeFile.openMs)}, ${rsp.largeFile.diagnostics} diagnostics)`, '< 100 ms'],
  ['body nested 10,000 deep: hover, completion, folding', `${ms(rsp.deepBody.hoverMs)}, ${ms(rsp.deepBody.completionMs)}, ${ms(rsp.deepBody.foldingMs)} (${rsp.deepBody.diagnostics.join(', ')})`, ''],
]) console.log(`${label.padEnd(58)} ${cell.padEnd(70)} ${target}`);
fs.writeFileSync(`${dir}/latest.json`, JSON.stringify(results, null, 2));
// The earlier build's figures, in the shape bench/baseline.json keeps (copy it there to compare later runs with).
if (baselineDir) {
  const kept = (name) => ({ cold: { ...results[name].baseline.cold, floor: results[name].cold.floor }, lsp: results[name].baseline.lsp });
  fs.writeFileSync(`${dir}/baseline.json`, JSON.stringify({ label: `${baselineDir} (${process.env.BENCH_BASELINE_LABEL ?? 'an earlier build'}), ${results.date}`, valid: kept('valid'), findings: kept('findings') }, null, 2) + '\n');
}
console.log(`\n(${dir}/latest.json)`);
