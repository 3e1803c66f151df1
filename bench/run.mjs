// The benchmark, one command: `npm run bench` (after `npm run build` and `npx tsc -p tsconfig.test.json`,
// which `npm test` also does). Generates the reference files, then measures and prints:
//   - full check vs the jsonc-parser floor, in process and as cold processes;
//   - graphreq check vs httpYac's parser as cold processes (httpYac is installed into bench/.peers
//     on first use; pass --no-peers to skip it);
//   - a cold `graphreq check` of 1,000 requests;
//   - the language server: start to first diagnostics, one-character edits, completion and hover, memory.
// Absolute times drift up to 30% between runs on these machines: compare the ratios.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

const peers = !process.argv.includes('--no-peers');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const dir = 'bench/results';
fs.mkdirSync(dir, { recursive: true });
const big = `${dir}/adsets-10k.graphreq`;
const thousand = `${dir}/adsets-1k.graphreq`;
const small = `${dir}/small.graphreq`;
for (const [n, f] of [[10000, big], [1000, thousand], [20, small]]) execFileSync(process.execPath, ['bench/generate.mjs', String(n), f], { stdio: 'inherit' });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Median wall time of a cold process, in ms. */
function cold(args, okCodes = [0]) {
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (!okCodes.includes(r.status)) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  }
  return median(times);
}
const json = (args) => JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 }).trim().split('\n').pop());

const results = { date: new Date().toISOString(), node: process.version };
const inproc = json(['bench/inprocess.mjs', big, String(rounds)]);
results.inProcess = inproc;
results.cold = {
  bareNodeMs: cold(['-e', '0']),
  floorMs: cold(['bench/floor.mjs', big]),
  checkMs: cold(['bin/graphreq.js', 'check', big]),
  check1kMs: cold(['bin/graphreq.js', 'check', thousand]),
};
results.cold.ratioToFloor = results.cold.checkMs / results.cold.floorMs;

if (peers) {
  if (!fs.existsSync('bench/.peers/node_modules/httpyac')) {
    console.log('installing httpyac@6.16.7 into bench/.peers (once)...');
    fs.mkdirSync('bench/.peers', { recursive: true });
    if (!fs.existsSync('bench/.peers/package.json')) fs.writeFileSync('bench/.peers/package.json', '{"private":true}\n');
    execFileSync('npm', ['install', '--prefix', 'bench/.peers', '--no-audit', '--no-fund', '--ignore-scripts', 'httpyac@6.16.7'], { stdio: 'inherit' });
  }
  const runs = Math.min(rounds, 3);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['--max-old-space-size=4096', 'bench/httpyacParse.mjs', big], { encoding: 'utf8' });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 0) throw new Error(`httpyac: ${r.stderr}`);
  }
  results.cold.httpyacMs = median(times);
  results.cold.fasterThanHttpyac = results.cold.httpyacMs / results.cold.checkMs;
}

results.lsp = json(['bench/lsp.mjs', big, small]);

const f = (x) => (typeof x === 'number' ? (x < 10 ? x.toFixed(2) : x.toFixed(0)) : String(x));
const rows = [
  ['full check in process (10k requests)', `${f(inproc.checkMs)} ms`, `${f(inproc.ratio)}× the floor (${f(inproc.floorMs)} ms)`, '≤ 1×'],
  ['full check, cold process', `${f(results.cold.checkMs)} ms`, `${f(results.cold.ratioToFloor)}× the cold floor (${f(results.cold.floorMs)} ms)`, '≤ 1×'],
  ['vs httpYac, cold processes', results.cold.httpyacMs ? `${f(results.cold.httpyacMs)} ms` : 'skipped', results.cold.httpyacMs ? `${f(results.cold.fasterThanHttpyac)}× faster` : '', '≥ 30×'],
  ['cold check of 1,000 requests', `${f(results.cold.check1kMs)} ms`, `bare node ${f(results.cold.bareNodeMs)} ms`, '< 400 ms'],
  ['server start → first diagnostics', `${f(results.lsp.startToFirstDiagnosticsMs)} ms`, '', '< 300 ms'],
  ['one-character edit → diagnostics', `${f(results.lsp.editToDiagnosticsMedianMs)} ms median`, `p95 ${f(results.lsp.editToDiagnosticsP95Ms)} ms`, '< 10 ms'],
  ['completion at 100 positions', `${f(results.lsp.completionMedianMs)} ms median`, '', '< 5 ms'],
  ['hover at 100 positions', `${f(results.lsp.hoverMedianMs)} ms median`, '', '< 5 ms'],
  ['server memory holding the file', `${f(results.lsp.serverRssMb)} MB RSS`, `open took ${f(results.lsp.openLargeMs)} ms`, '< 300 MB'],
];
console.log(`\ngraphreq bench (${inproc.requests} requests, ${(inproc.bytes / 1e6).toFixed(1)} MB; node ${process.version})\n`);
for (const r of rows) console.log(`${r[0].padEnd(36)} ${r[1].padEnd(18)} ${r[2].padEnd(44)} target ${r[3]}`);
fs.writeFileSync(`${dir}/latest.json`, JSON.stringify(results, null, 2));
console.log(`\n(${dir}/latest.json)`);
