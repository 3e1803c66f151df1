#!/usr/bin/env node
// End-to-end test of the graphreq extension in a real VS Code: code-server 4.100.3 (VS Code 1.100.3)
// in headless Chromium, driven by playwright-core, as installed by test/e2e/install.sh.
// It builds nothing: run `npm run package` (mode vsix) or `npm run build` (modes dir/dev) first;
// test/e2e/run.sh does all of it.
//
// Usage:
//   node test/e2e/drive.mjs [--mode vsix|dir|dev] [--vsix FILE] [--install-dir DIR] [--out DIR]
//                           [--tests FILE] [--keep] [--verbose]
//   --mode     vsix (default): `code-server --install-extension graphreq.vsix`, as a user would;
//              dir: the repository folder copied into a fresh extensions dir;
//              dev: loaded as an extension under development (extensionDevelopmentPath).
//   --vsix     the package to install (default: graphreq.vsix at the repository root).
//   --extension DIR  for modes dir/dev: the extension folder (default: the repository).
//   --tests    instead of the UI walk, run FILE (exports run()) inside the extension host; it is the
//              @vscode/test-electron suite (test/e2e/electron/suite/index.js). Needs --mode dev.
//   --out      where the screenshots go (default: a new temporary folder; `npm run docs:screenshots`
//              passes docs/images). A failure screenshot goes to the kept temp dir.
//   --keep     keep the temp dir (user data, logs, workspace); it is always kept on failure.
//   --web      the web build (issue 27): the extension under development runs in the editor's web
//              worker extension host (package.json's `browser`), as on vscode.dev (test/e2e/webWalk.mjs).
//   --restricted  with workspace trust on and the workspace not trusted (VS Code's Restricted Mode),
//              walk what the extension declares for it (package.json, capabilities.untrustedWorkspaces):
//              the file is still checked, the environment item says Restricted Mode, and a send is
//              refused with a message instead of reaching any service.
// The UI walk checks, in a workspace holding test/e2e/fixtures/ and the examples: the language mode
// and the environment picker; diagnostics of the broken request (squiggles, Problems panel);
// completion of enum values in a body value (the suggest widget); hover documentation of a field;
// the "Send request" CodeLens and Ctrl+Alt+R against the embedded emulator (the response view, one
// view reused, no token shown); the status bar's usage percentage against the response's usage
// headers, and its tooltip; a refused request's decoded error; in mode vsix, the extension's page
// (the README rendered, its pictures inside the installed extension); activation without errors.
// the Testing view (Run All Tests, a failure shown at its expectation's line, the test's CodeLens);
// navigation.graphreq: go to definition (F12) of a {{variable}} and of a named response's use, and
// rename (F2) of a file variable, checked on the saved file.
// across-producer/reader.graphreq: F12, Shift+F12 and F2 on a response named in the other file (issue 22).
// Screenshots: vscode-{diagnostics,completion,hover,response,status-bar,error,testing,rename}.png.
// Exit code 0 = every check passed. No fixed sleeps: every wait is for a DOM or file condition.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareWorkspace } from './workspace.mjs';
import { addElsewhere, startRecorder, walkEnvironmentTarget } from './environmentWalk.mjs';
import { walkSendOutsideRequest } from './cursorWalk.mjs';
import { walkRuleLink } from './ruleLinkWalk.mjs';
import { walkSendAllLens, walkStaleLens } from './lensWalk.mjs';
import { walkWeb } from './webWalk.mjs';
import { walkKeys, walkWalkthrough } from './walkthroughWalk.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const args = parseArgs(process.argv.slice(2));
const installDir = path.resolve(args['install-dir'] || process.env.VSCODE_E2E_DIR ||
  path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'vscode-e2e'));
const mode = args.mode || (args.tests || args.web ? 'dev' : 'vsix');
const vsixPath = path.resolve(args.vsix || path.join(repo, 'graphreq.vsix'));
let extDir = path.resolve(args.extension || repo);
// Screenshots go to a temporary folder unless asked: running the tests leaves docs/images/ as it is.
const outDir = path.resolve(args.out || fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-e2e-screenshots-')));
const verbose = !!args.verbose;
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const STEP_TIMEOUT = Number(process.env.E2E_STEP_TIMEOUT_MS || 30_000);
const restricted = !!args.restricted;
const web = !!args.web;

const codeServerPkg = path.join(installDir, 'node_modules', 'code-server');
const codeServerBin = path.join(codeServerPkg, 'out', 'node', 'entry.js');
if (!fs.existsSync(codeServerBin)) {
  console.error(`code-server not found in ${installDir}: run bash test/e2e/install.sh first (test/e2e/run.sh does).`);
  process.exit(2);
}
const { chromium } = createRequire(path.join(installDir, 'package.json'))('playwright-core');
const manifest = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
const extId = `${manifest.publisher}.${manifest.name}`;

const t0 = Date.now();
const log = (...m) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...m);

// ---------- fresh, throw-away state ----------
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-e2e-'));
const userDataDir = path.join(tmp, 'user-data');
const extensionsDir = path.join(tmp, 'extensions');
const workspace = path.join(tmp, 'workspace');
const browserProfile = path.join(tmp, 'chromium-profile');
for (const d of [userDataDir, extensionsDir, workspace, browserProfile, outDir]) fs.mkdirSync(d, { recursive: true });
prepareWorkspace(workspace);
// The UI walk sends to an environment of the workspace whose base URL is this recording server.
const recorder = !args.tests && !restricted && !web ? await startRecorder() : undefined;
if (recorder) addElsewhere(workspace, recorder);
fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  // Restricted Mode: trust on, no startup question, so the workspace opens untrusted.
  'security.workspace.trust.enabled': restricted,
  ...(restricted ? { 'security.workspace.trust.startupPrompt': 'never' } : {}),
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'chat.commandCenter.enabled': false,
  'workbench.colorTheme': 'Default Dark Modern',
  'editor.minimap.enabled': false,
  'editor.fontSize': 14,
  'window.commandCenter': false,
  'workbench.layoutControl.enabled': false,
  'editor.hover.delay': 300,
  'editor.quickSuggestions': { other: false, comments: false, strings: false },
}, null, 2));
const configFile = path.join(tmp, 'code-server.yaml');
fs.writeFileSync(configFile, 'auth: none\ncert: false\n');

const resultFile = path.join(tmp, 'test-result.json');
let server; let context;
let failed = false;
const counts = { passed: 0, failed: 0 };
const check = (ok, what) => { log(`${ok ? 'PASS' : 'FAIL'} ${what}`); counts[ok ? 'passed' : 'failed']++; if (!ok) failed = true; return ok; };

try {
  const csBaseArgs = ['--config', configFile, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  if (mode === 'vsix') {
    if (!fs.existsSync(vsixPath)) throw new Error(`${vsixPath} not found: run \`npm run package\` first`);
    const r = spawnSync(process.execPath, [codeServerBin, ...csBaseArgs, '--install-extension', vsixPath, '--force'],
      { encoding: 'utf8', env: { ...cleanEnv(), ...sandboxEnv() } });
    if (verbose || r.status !== 0) console.log(r.stdout, r.stderr);
    if (r.status !== 0) throw new Error('--install-extension failed');
    const installed = fs.readdirSync(extensionsDir).find((d) => d.startsWith(`${extId}-`));
    check(!!installed, `installed ${path.basename(vsixPath)} (${(fs.statSync(vsixPath).size / 1024).toFixed(0)} KB) as ${installed}`);
  } else if (mode === 'dir') {
    const dest = path.join(extensionsDir, `${extId}-${manifest.version}`);
    for (const f of ['package.json', 'language-configuration.json', 'dist', 'syntaxes', 'client/snippets', 'client/images', 'schemas', 'docs/rules.md']) {
      fs.cpSync(path.join(extDir, f), path.join(dest, f), { recursive: true });
    }
  } else if (mode !== 'dev') {
    throw new Error(`unknown --mode ${mode}`);
  }
  if (web) {
    // code-server also runs an extension under development in its remote Node extension host when it
    // can: the copy it loads has no `main`, only the `browser` entry, as vscode.dev sees it.
    const webExt = path.join(tmp, 'web-extension');
    const pkg = { ...manifest };
    delete pkg.main;
    fs.mkdirSync(webExt, { recursive: true });
    fs.writeFileSync(path.join(webExt, 'package.json'), JSON.stringify(pkg, null, 2));
    for (const f of ['language-configuration.json', 'dist/web', 'syntaxes', 'client/snippets', 'client/images', 'client/walkthrough', 'schemas', 'docs']) {
      fs.cpSync(path.join(extDir, f), path.join(webExt, f), { recursive: true });
    }
    extDir = webExt;
  }
  const client = web ? path.join('dist', 'web', 'client.js') : path.join('dist', 'client.js');
  if (!fs.existsSync(path.join(extDir, client)) && mode !== 'vsix') throw new Error(`${client} missing: run \`npm run build\` first`);

  // ---------- code-server ----------
  const port = await freePort();
  const authority = `127.0.0.1:${port}`;
  const serverLog = fs.openSync(path.join(tmp, 'code-server.log'), 'a');
  server = spawn(process.execPath, [codeServerBin, ...csBaseArgs,
    '--bind-addr', authority, '--auth', 'none',
    '--disable-telemetry', '--disable-update-check', ...(restricted ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override', '--ignore-last-opened', '--locale', 'en',
  ], { stdio: ['ignore', serverLog, serverLog], env: { ...cleanEnv(), ...sandboxEnv(), E2E_RESULT: resultFile, E2E_WORKSPACE: workspace }, detached: true });
  log(`code-server pid ${server.pid} on http://${authority}, mode ${mode}`);
  await waitForHttp(`http://${authority}/healthz`, 60_000);
  log('code-server is up');

  // ---------- browser ----------
  context = await chromium.launchPersistentContext(browserProfile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  // The extension host's clipboard is the page's (Paste cURL as Request reads it in the --tests suite).
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://${authority}` });
  const page = context.pages()[0] || await context.newPage();
  if (verbose) page.on('console', (m) => console.log('[browser]', m.type(), m.text()));
  let url = `http://${authority}/?folder=${encodeURIComponent(workspace)}`;
  if (mode === 'dev') {
    const payload = [['extensionDevelopmentPath', `vscode-remote://${authority}${extDir}`]];
    if (args.tests) payload.push(['extensionTestsPath', `vscode-remote://${authority}${path.resolve(args.tests)}`]);
    // The web worker extension host, as vscode.dev has it: the extension runs from its `browser` entry.
    if (web) payload.push(['extensionDevelopmentKind', 'web']);
    url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  } else if (args.tests || web) {
    throw new Error('--tests and --web need --mode dev');
  }
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: 60_000 });
  log('workbench loaded');

  if (args.tests) await runTestsInExtensionHost(page);
  else if (web) await walkWeb(page, { check, log, workspace, extDir, extId, STEP_TIMEOUT, openFile, goTo, waitFn, shot, palette, responseFrame });
  else if (restricted) await walkRestricted(page);
  else await walkThroughUi(page);
  // The web worker extension host logs in the browser, not in the user data folder.
  if (!web) checkExtensionHostLog();
} catch (err) {
  failed = true;
  console.error('ERROR', err && err.stack || err);
  try {
    const p = context && context.pages()[0];
    if (p) await p.screenshot({ path: path.join(tmp, 'failure.png') });
    if (p) log(`failure screenshot: ${path.join(tmp, 'failure.png')}`);
  } catch {}
} finally {
  if (context) await context.close().catch(() => {});
  if (recorder) await recorder.close();
  if (server && server.exitCode === null) {
    try { process.kill(-server.pid, 'SIGTERM'); } catch {}
    await poll(() => server.exitCode !== null || server.signalCode !== null, 5_000);
    try { process.kill(-server.pid, 'SIGKILL'); } catch {}
  }
  if (args.keep || failed) log(`kept temp dir ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
  log(failed ? 'RESULT: FAIL' : 'RESULT: PASS');
  // A plain closing line that CI reads as the count of this run.
  console.log(`e2e: ${counts.passed} passed, ${counts.failed + (failed && counts.failed === 0 ? 1 : 0)} failed`);
  process.exitCode = failed ? 1 : 0;
}

// ---------- the UI walk: what a person would do ----------
async function walkThroughUi(page) {
  const fixture = fs.readFileSync(path.join(workspace, 'e2e.graphreq'), 'utf8');
  const lineOf = (needle) => fixture.split('\n').findIndex((l) => l.includes(needle)) + 1;

  // Open the example file with Quick Open (Ctrl+P), as a person would.
  await openFile(page, 'e2e.graphreq');
  const langMode = page.locator('footer [id="status.editor.mode"]');
  await waitFn(page, () => document.querySelector('footer [id="status.editor.mode"]')?.textContent.includes('GraphReq'), 'language mode GraphReq');
  check((await langMode.innerText()).trim() === 'GraphReq', 'e2e.graphreq opens in language mode "GraphReq"');
  const envItem = page.locator('footer .statusbar-item', { hasText: /emulator|environment/ });
  check(await envItem.first().waitFor({ timeout: STEP_TIMEOUT }).then(() => true, () => false), `environment picker shows "${(await envItem.first().innerText().catch(() => '')).trim()}"`);

  // 1. Diagnostics for the broken request: squiggles in the editor, rows in the Problems panel.
  const squiggle = await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: STEP_TIMEOUT }).then(() => true, () => false);
  check(squiggle, 'diagnostics: error squiggles appear in the editor');
  await goTo(page, lineOf('"billing_event": "IMPRESSIONZ"'), 22);
  await page.keyboard.press('Control+Shift+M');
  const problemRows = page.locator('.markers-panel .monaco-list-row');
  await problemRows.first().waitFor({ timeout: STEP_TIMEOUT }).catch(() => {});
  const problems = await problemRows.evaluateAll((els) => els.map((e) => e.textContent.replace(/\s+/g, ' ').trim()));
  log('problems:', JSON.stringify(problems.slice(0, 8)));
  check(problems.some((p) => p.includes('IMPRESSIONZ')), 'diagnostics: the Problems panel reports the wrong enum value IMPRESSIONZ');
  check(problems.some((p) => p.includes('bogus_parameter')), 'diagnostics: the Problems panel reports the unknown parameter bogus_parameter');
  await shot(page, 'vscode-diagnostics.png');
  await page.keyboard.press('Control+Shift+M'); // toggles the panel closed again
  await page.locator('.markers-panel').waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});

  // 2. Completion offers the enum values inside an empty body value.
  await goTo(page, lineOf('"bid_strategy": ""'), 20);
  await page.keyboard.press('Control+Space');
  const rows = page.locator('.editor-widget.suggest-widget.visible .monaco-list-row');
  await rows.first().waitFor({ timeout: STEP_TIMEOUT }).catch(() => {});
  await waitFn(page, () => document.querySelectorAll('.suggest-widget.visible .monaco-list-row').length > 1, 'suggest rows', 5_000).catch(() => {});
  const labels = await rows.evaluateAll((els) => els.map((e) => (e.querySelector('.label-name') || e).textContent.trim()));
  log('completion:', JSON.stringify(labels));
  const want = ['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'COST_CAP', 'LOWEST_COST_WITH_MIN_ROAS'];
  check(want.every((w) => labels.includes(w)), `completion offers the bid_strategy enum values (${want.join(', ')})`);
  // Ctrl+Space again opens the documentation of the selected item beside the list.
  await page.keyboard.press('Control+Space');
  await page.locator('.suggest-details-container .suggest-details').first().waitFor({ timeout: 5_000 }).catch(() => {});
  await shot(page, 'vscode-completion.png');
  await page.keyboard.press('Escape');
  await page.locator('.suggest-widget.visible').waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});

  // 3. Hover over a field shows its documentation.
  const target = await textBox(page, 'daily_budget', lineOf('"daily_budget": 2000'));
  if (!check(!!target, 'hover: found "daily_budget" in the editor')) return;
  // Move in two steps, as a hand does: Monaco shows a hover after the pointer rests on a word.
  await page.mouse.move(target.x - 20, target.y + target.h / 2);
  await page.mouse.move(target.x + target.w / 2, target.y + target.h / 2, { steps: 4 });
  const hover = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content, .monaco-hover:not(.hidden) .hover-contents').first();
  let hoverText = await hover.waitFor({ timeout: 2_000 }).then(() => hover.innerText(), () => '');
  for (let i = 1; i <= 3 && !hoverText; i++) {
    // A resting pointer sometimes gets no hover (a closing widget swallows the first move): nudge it.
    await page.mouse.move(target.x + target.w / 2 + (i % 2 ? 3 : -3), target.y + target.h / 2);
    hoverText = await hover.waitFor({ timeout: 2_000 }).then(() => hover.innerText(), () => '');
    if (hoverText) log(`hover: came after ${i} nudge(s) of the pointer`);
  }
  if (!hoverText) {
    // The pointer hover did not come (it can be swallowed while a widget closes): ask with the keyboard.
    log('hover: no pointer hover, using Ctrl+K Ctrl+I on the word');
    const text = fixture.split('\n')[lineOf('"daily_budget": 2000') - 1];
    await goTo(page, lineOf('"daily_budget": 2000'), text.indexOf('daily_budget') + 3);
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    hoverText = await hover.waitFor({ timeout: STEP_TIMEOUT }).then(() => hover.innerText(), () => '');
  }
  // The hover fades in: wait until it is opaque before the screenshot.
  await waitFn(page, () => [...document.querySelectorAll('.monaco-hover:not(.hidden)')].some((h) => getComputedStyle(h).opacity === '1' && getComputedStyle(h.parentElement).opacity === '1'), 'hover opaque', 5_000).catch(() => {});
  log('hover:', JSON.stringify(hoverText.slice(0, 300)));
  check(/daily_budget/.test(hoverText) && /budget/i.test(hoverText.replace('daily_budget', '')) , 'hover shows the documentation of daily_budget');
  await shot(page, 'vscode-hover.png');
  await page.mouse.move(5, 5);
  await page.keyboard.press('Escape');

  // 4. "Send request" CodeLens against the embedded emulator opens the response view.
  await goTo(page, 1, 1);
  const lenses = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Send request' });
  const hasLens = await lenses.filter({ visible: true }).first().waitFor({ timeout: STEP_TIMEOUT }).then(() => true, () => false);
  check(hasLens, `CodeLens "Send request" shown (${await lenses.count()} in view)`);
  const frame = responseFrame(page);
  if (hasLens) {
    // The topmost lens belongs to the first request (the URL read).
    const boxes = await lenses.evaluateAll((els) => els.map((e) => (e.getBoundingClientRect().height > 0 ? e.getBoundingClientRect().top : Infinity)));
    const first = boxes.indexOf(Math.min(...boxes));
    await lenses.nth(first).click();
    const tab = page.locator('.tab', { hasText: 'Response' });
    check(await tab.first().waitFor({ timeout: STEP_TIMEOUT }).then(() => true, () => false), 'CodeLens send: the response view opens beside the editor');
    const status = await frame.locator('.status').first().waitFor({ timeout: STEP_TIMEOUT }).then(() => frame.locator('.status').first().innerText(), () => '');
    check(/^2\d\d/.test(status), `CodeLens send (URL read): status "${status}"`);
  }

  // 5. Ctrl+Alt+R sends the request under the cursor (the ad set creation); the view is reused.
  await goTo(page, lineOf('"name": "Spring sale"'), 5);
  const before = await frame.locator('.request-line').first().innerText().catch(() => '');
  // Every "sending" notification that appears from now on is counted: a send this fast must show its
  // progress in the status bar only (a notification comes only after a second).
  await page.evaluate(() => {
    window.__graphreqToasts = 0;
    new MutationObserver(() => {
      const n = [...document.querySelectorAll('.notifications-toasts .notification-list-item-message')].filter((e) => /GraphReq: (sending|validating)/.test(e.textContent)).length;
      window.__graphreqToasts = Math.max(window.__graphreqToasts, n);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const sentAt = Date.now();
  await page.keyboard.press('Control+Alt+R');
  await waitFrame(frame, (_body, prev) => {
    const line = document.querySelector('.request-line')?.textContent ?? '';
    return line.includes('adsets') && line !== prev;
  }, before, 'response of the ad set creation');
  const toasts = await page.evaluate(() => window.__graphreqToasts);
  const tookMs = Date.now() - sentAt;
  if (tookMs < 1000) check(toasts === 0, `a fast send (${tookMs} ms) shows no "sending" notification: ${toasts} seen`);
  else log(`the send took ${tookMs} ms: a notification may rightly appear (${toasts} seen)`);
  const status = (await frame.locator('.status').first().innerText()).trim();
  const requestLine = (await frame.locator('.request-line').first().innerText()).trim();
  check(/^200/.test(status) && /POST .*adsets/.test(requestLine), `Ctrl+Alt+R send (ad set create): "${status}" for "${requestLine.slice(0, 80)}"`);
  check(await page.locator('.tab', { hasText: 'Response' }).count() === 1, 'one response view, reused');
  const bodyText = await frame.locator('#body').innerText().catch(() => '');
  check(/"id"/.test(bodyText), 'the response view shows the JSON body (with the new id)');
  // JSON's commas sit after the value they follow, never on a line of their own.
  const urlBody = await frame.locator('#body .formatted').innerText().catch(() => '');
  check(!urlBody.split('\n').some((l) => l.trim() === ','), `the formatted body has no comma on a line of its own (${urlBody.split('\n').length} lines)`);
  // The exchange: time received, the measured phases, the request sent (expandable) before the response.
  const facts = (await frame.locator('.summary').first().innerText()).replace(/\s+/g, ' ');
  const phases = await frame.locator('#timings .phase').evaluateAll((els) => els.map((e) => e.dataset.phase));
  check(/Received/.test(facts) && phases.includes('first-byte') && phases.includes('download'), `the exchange's facts: "${facts.slice(0, 120)}", phases ${phases.join(', ')}`);
  await frame.locator('#request summary').click();
  const requestText = await frame.locator('#request').innerText();
  check(/POST/.test(requestText) && /name=/.test(requestText) && !/demo-token/.test(requestText), 'the request sent opens with its headers and body, the token redacted');
  await frame.locator('button.view-toggle[data-view="raw"]').first().click();
  const raw = await frame.locator('pre.raw').first().innerText().catch(() => '');
  check(/^\{\n\s+"id"/.test(raw), 'the raw view shows the body as JSON text');
  await frame.locator('button.view-toggle[data-view="formatted"]').first().click();
  await frame.locator('#request summary').click();
  check(!/demo-token/.test(await frame.locator('body').innerText()), 'the response view shows no token');
  const headers = await frame.locator('table.headers tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']));
  await frame.locator('#headers summary').click().catch(() => {});
  await shot(page, 'vscode-response.png');

  // 6. The status bar shows the highest usage percentage of the response's usage headers.
  const expected = highestUsage(headers);
  log('usage headers:', JSON.stringify(headers.filter(([k]) => /usage/i.test(k))));
  check(expected !== undefined, `the response carries usage headers (highest figure ${expected}%)`);
  const usageItem = page.locator('footer .statusbar-item', { hasText: /Graph (\d+(\.\d+)?%|blocked)/ });
  const itemText = await usageItem.first().waitFor({ timeout: STEP_TIMEOUT }).then(() => usageItem.first().innerText(), () => '');
  const shown = Number((/Graph (\d+(?:\.\d+)?)%/.exec(itemText) || [])[1]);
  // The highest figure across the scopes seen (the URL read's app figure too): at least this response's highest.
  check(expected !== undefined && shown >= expected - 0.051 && / · \w+/.test(itemText), `status bar item "${itemText.trim()}" shows the highest usage figure (this response's: ${expected}%) and names its scope`);
  await usageItem.first().hover();
  const tooltip = page.locator('.monaco-hover:not(.hidden)', { hasText: 'Graph API usage' });
  const tipText = await tooltip.first().waitFor({ timeout: STEP_TIMEOUT }).then(() => tooltip.first().innerText(), () => '');
  check(/Scope/.test(tipText) && /ads_management/.test(tipText) && /Limiting scope/.test(tipText) && /Environment/.test(tipText), 'status bar tooltip lists the scopes seen, the limiting one and the environment');
  await shot(page, 'vscode-status-bar.png');
  const all = await page.locator('footer .statusbar-item').evaluateAll((els) => els.map((e) => e.textContent.trim()).filter(Boolean));
  log('status bar:', JSON.stringify(all));

  // 7. The broken request, sent anyway: the emulator refuses it and the view explains the error.
  await page.keyboard.press('Escape');
  await page.locator('.tab', { hasText: 'e2e.graphreq' }).first().click();
  await page.locator('.tab.active', { hasText: 'e2e.graphreq' }).waitFor({ timeout: STEP_TIMEOUT });
  await page.mouse.move(150, 700); // off the tab, whose tooltip would cover the editor
  await goTo(page, lineOf('"billing_event": "IMPRESSIONZ"'), 5);
  const beforeError = await frame.locator('.request-line').first().innerText().catch(() => '');
  await page.keyboard.press('Control+Alt+R');
  await waitFrame(frame, () => !!document.querySelector('.status.client-error, .status.server-error, .status.failure'), beforeError, 'an error response');
  const errStatus = (await frame.locator('.status').first().innerText()).trim();
  const errTitle = (await frame.locator('.error-box .error-title').first().innerText().catch(() => '')).trim();
  const errText = (await frame.locator('.error-box').first().innerText().catch(() => '')).replace(/\s+/g, ' ');
  log('error:', JSON.stringify(errText.slice(0, 300)));
  check(/^4\d\d/.test(errStatus) && /code \d+/.test(errText) && errTitle.length > 0, `the broken request's error is decoded: "${errStatus}", "${errTitle}"`);
  const titleOnly = errTitle.replace(/\s*\(code[^)]*\)$/, '');
  check(titleOnly && errText.split(titleOnly).length - 1 === 1 && /What to do:/.test(errText) && !/\[\d\] gives only|error_data holds|Appears in both tables/.test(errText), `the error box says its title once, explains and says what to do, without notes about the documents`);
  await shot(page, 'vscode-error.png');

  // 7b. A thread read: the JSON view opens its messages (records of a list) without a click.
  await page.locator('.tab', { hasText: 'e2e.graphreq' }).first().click();
  await page.locator('.tab.active', { hasText: 'e2e.graphreq' }).waitFor({ timeout: STEP_TIMEOUT });
  await page.mouse.move(150, 700);
  await goTo(page, lineOf('GET /{{version}}/t_100200300'), 5);
  const beforeThread = await frame.locator('.request-line').first().innerText().catch(() => '');
  await page.keyboard.press('Control+Alt+R');
  await waitFrame(frame, (_body, prev) => {
    const line = document.querySelector('.request-line')?.textContent ?? '';
    return line.includes('t_100200300') && line !== prev;
  }, beforeThread, 'response of the thread read');
  // innerText leaves out what a folded <details> hides: the message texts show only when the records are open.
  const threadBody = await frame.locator('#body').innerText().catch(() => '');
  const messages = (threadBody.match(/"message": "/g) || []).length;
  check(messages >= 3 && /"from": \{ "id": "\d+", "name": "[^"]+" \}/.test(threadBody.replace(/\s+/g, ' ')), `the thread's messages show open, each sender on one line (${messages} messages visible)`);
  const after = await page.locator('footer .statusbar-item', { hasText: /Graph / }).first().innerText().catch(() => '');
  log(`usage item after the thread read: ${after.trim()}`);

  // 8a. Ctrl+Alt+R outside every request asks which request; a rule ID opens its section.
  await walkSendOutsideRequest(page, workspace, { check, goTo, responseFrame, waitFrame, STEP_TIMEOUT });
  // A CodeLens clicked as it scrolls back into view, after VS Code replaced the lenses meanwhile.
  await walkStaleLens(page, { check, log, goTo, responseFrame, waitFrame, STEP_TIMEOUT, lastLine: fixture.split('\n').length - 1 });
  await walkRuleLink(page, { check, log, repo, STEP_TIMEOUT });
  await walkSendAllLens(page, { check, goTo, palette, STEP_TIMEOUT });

  // 8b. An environment whose base URL is a local recording server: the send goes there, with the token typed.
  await walkEnvironmentTarget(page, workspace, recorder, { check, log, goTo, shot, responseFrame, waitFrame, STEP_TIMEOUT });

  // 8c. The keys REST Client and httpYac users know: history (Ctrl+Alt+H), send again (Ctrl+Alt+L), environment (Ctrl+Alt+E).
  await walkKeys(page, workspace, { check, log, goTo, shot, STEP_TIMEOUT });

  // 9. The Testing view: "Test: Run All Tests" runs the requests with expectations; the failing one
  // shows its failure at the line of the expectation, with what was expected and what came.
  await openFile(page, 'tests.graphreq');
  const tests = fs.readFileSync(path.join(workspace, 'tests.graphreq'), 'utf8');
  const failingLine = tests.split('\n').findIndex((l) => l.includes('data.length 3')) + 1;
  await palette(page, 'Test: Run All Tests');
  await palette(page, 'Testing: Focus on Test Explorer View');
  const explorer = page.locator('.test-explorer');
  await explorer.first().waitFor({ timeout: STEP_TIMEOUT }).catch(() => {});
  const failedFile = page.locator('.test-explorer .monaco-list-row', { hasText: 'tests.graphreq' }).locator('.codicon-testing-failed-icon');
  check(await failedFile.first().waitFor({ timeout: 60_000 }).then(() => true, () => false), 'Testing view: tests.graphreq is marked failed after "Run All Tests"');
  const passedFile = page.locator('.test-explorer .monaco-list-row', { hasText: 'contract.graphreq' }).locator('.codicon-testing-passed-icon');
  check(await passedFile.first().waitFor({ timeout: STEP_TIMEOUT }).then(() => true, () => false), 'Testing view: the example collection (examples/contract.graphreq) passed');
  const explorerRows = await page.locator('.test-explorer .monaco-list-row').evaluateAll((els) => els.map((e) => e.textContent.replace(/\s+/g, ' ').trim()));
  log('test explorer:', JSON.stringify(explorerRows.slice(0, 8)));
  // The failure is shown in the editor at the failing expectation's line: inline, or in the peek VS Code opens.
  await page.locator('.tab', { hasText: 'tests.graphreq' }).first().click();
  // VS Code draws a failure with expected and actual values as `actual != expected`, in a widget at the end of its line.
  const inline = page.locator('.monaco-editor .test-error-content-widget .content', { hasText: /2\s!=\s3/ });
  const failureShown = await inline.first().waitFor({ timeout: STEP_TIMEOUT }).then(() => inline.first().innerText(), () => '');
  const lineOfMessage = await inline.first().evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = box.top + box.height / 2;
    const numbers = [...el.closest('.monaco-editor').querySelectorAll('.line-numbers')].map((n) => [Math.abs(n.getBoundingClientRect().top + n.getBoundingClientRect().height / 2 - top), n.textContent.trim()]);
    numbers.sort((a, b) => a[0] - b[0]);
    return numbers[0]?.[1];
  }).catch(() => '');
  check(/2\s!=\s3/.test(failureShown) && String(lineOfMessage) === String(failingLine), `Testing view: the failure ("${failureShown.trim()}") is shown after the failing expectation's line ${failingLine} (at ${lineOfMessage})`);
  const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: /^✗ body\.messages\.data\.length 3/ });
  check(await lens.first().waitFor({ timeout: STEP_TIMEOUT }).then(() => true, () => false), 'the failing test\'s CodeLens shows its last result and first difference');
  await shot(page, 'vscode-testing.png');
  await page.keyboard.press('Escape');

  // 10. Navigation and rename, as a person does them: F12 on a use, F2 on a definition.
  await walkNavigation(page);
  // 11. The same across two files: F12, Shift+F12 and F2 on a response named in another file.
  await walkNamesAcrossFiles(page);

  // 11. The Getting Started walkthrough: every step and its page, the first step done by its button.
  await walkWalkthrough(page, workspace, manifest, { check, log, palette, shot, repo, STEP_TIMEOUT });

  // 8. The extension's page in the Extensions view, and the README's pictures inside the installed extension.
  if (mode === 'vsix') await checkExtensionPage(page);
}

/**
 * Go to definition (F12) of a `{{variable}}` use and of a named response's use lands on the definition's
 * line and column; rename (F2) of a file variable changes its definition and every use, as the saved
 * file shows. Each wait is for the cursor in the status bar, the rename box, or the file on disk.
 */
async function walkNavigation(page) {
  await page.keyboard.press('Escape');
  await openFile(page, 'navigation.graphreq');
  const file = path.join(workspace, 'navigation.graphreq');
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const lineOf = (needle) => lines.findIndex((l) => l.includes(needle)) + 1;
  const read = lineOf('{{create.response.body.id}}');
  const definition = lineOf('@version = v23.0');
  // The server has the document once its request lines are coloured (semantic tokens) or a lens is drawn.
  await page.locator('.monaco-editor .codelens-decoration a').first().waitFor({ timeout: STEP_TIMEOUT }).catch(() => {});

  // F12 on `version` in `{{version}}` of the read: the cursor goes to `version` in `@version = v23.0`.
  await goTo(page, read, lines[read - 1].indexOf('{{version}}') + 4);
  await page.keyboard.press('F12');
  check(await cursorAt(page, definition, 2), `go to definition (F12) of {{version}} lands on @version, line ${definition} (cursor at ${await cursorText(page)})`);

  // F12 on `create` in `{{create.response.body.id}}`: the cursor goes to the name in `# @name create`.
  const named = lineOf('# @name create');
  await goTo(page, read, lines[read - 1].indexOf('{{create.') + 4);
  await page.keyboard.press('F12');
  check(await cursorAt(page, named, lines[named - 1].indexOf('create') + 1), `go to definition (F12) of create in {{create.response.body.id}} lands on "# @name create", line ${named} (cursor at ${await cursorText(page)})`);

  // F2 on the definition: rename `version` to `api_version`; every use changes, as the saved file shows.
  const uses = lines.join('\n').split('{{version}}').length - 1;
  await goTo(page, definition, 3);
  await page.keyboard.press('F2');
  const box = page.locator('.rename-box');
  const input = box.locator('input, textarea').first();
  // The box shows the name prepareRename gave; its input takes the focus a moment after it appears.
  const opened = await input.waitFor({ timeout: STEP_TIMEOUT }).then(() => input.inputValue(), () => '');
  check(opened === 'version', `rename (F2) opens the rename box on @version, holding "${opened}"`);
  if (!opened) return;
  await input.fill('api_version');
  await input.press('Enter');
  // The edit is applied once the editor shows the new name; then save, and read the file.
  await waitFn(page, () => [...document.querySelectorAll('.monaco-editor .view-lines')].some((v) => v.textContent.includes('{{api_version}}')), 'the renamed uses in the editor').catch(() => {});
  await page.keyboard.press('Control+S');
  const renamed = await poll(() => {
    const text = fs.readFileSync(file, 'utf8');
    return text.includes('@api_version = v23.0') && text.split('{{api_version}}').length - 1 === uses && !text.includes('{{version}}');
  }, STEP_TIMEOUT, 100);
  const after = fs.readFileSync(file, 'utf8');
  check(renamed, `rename (F2) of version to api_version changes the definition and all ${uses} uses (saved file: ${after.split('{{api_version}}').length - 1} uses renamed, ${after.split('{{version}}').length - 1} left)`);
  await shot(page, 'vscode-rename.png');
}

/**
 * Names across two files (issue 22), as a person uses them: F12 on `springSale` in
 * `{{springSale.response...}}` of across-reader.graphreq opens across-producer.graphreq on its
 * `# @name springSale`; Shift+F12 lists the places in both files; F2 renames it in both, as the
 * saved files show.
 */
async function walkNamesAcrossFiles(page) {
  await page.keyboard.press('Escape');
  const readerFile = path.join(workspace, 'across-reader.graphreq');
  const producerFile = path.join(workspace, 'across-producer.graphreq');
  const readerLines = fs.readFileSync(readerFile, 'utf8').split('\n');
  const producerLines = fs.readFileSync(producerFile, 'utf8').split('\n');
  const use = readerLines.findIndex((l) => l.includes('{{springSale.')) + 1;
  const onName = readerLines[use - 1].indexOf('{{springSale.') + 5;
  const named = producerLines.findIndex((l) => l.includes('# @name springSale')) + 1;
  await openFile(page, 'across-reader.graphreq');
  await page.locator('.monaco-editor .codelens-decoration a').first().waitFor({ timeout: STEP_TIMEOUT }).catch(() => {});

  // F12: the other file opens, the cursor on the name in `# @name springSale`.
  await goTo(page, use, onName);
  await page.keyboard.press('F12');
  const inProducer = await page.locator('.tab.active', { hasText: 'across-producer.graphreq' }).waitFor({ timeout: STEP_TIMEOUT }).then(() => true, () => false);
  const landed = inProducer && (await cursorAt(page, named, producerLines[named - 1].indexOf('springSale') + 1));
  check(landed, `go to definition (F12) of springSale in across-reader.graphreq opens across-producer.graphreq on "# @name springSale", line ${named} (cursor at ${await cursorText(page)})`);

  // Shift+F12 on the use: the references peek lists both files. (The reader reads the name twice:
  // VS Code jumps straight to the one use when a name has one use besides its declaration, as it
  // did here when the reader read it once.) Back to the reader by its tab.
  await page.locator('.tab', { hasText: 'across-reader.graphreq' }).first().click();
  await page.locator('.tab.active', { hasText: 'across-reader.graphreq' }).waitFor({ timeout: STEP_TIMEOUT });
  await goTo(page, use, onName);
  await page.keyboard.press('Shift+F12');
  const listed = await waitFn(page, () => {
    const peek = document.querySelector('.peekview-widget');
    const text = peek ? peek.textContent : '';
    return text.includes('across-producer.graphreq') && text.includes('across-reader.graphreq');
  }, 'the references peek with both files').then(() => true, () => false);
  const peekText = await page.locator('.peekview-widget').first().innerText().catch(() => '');
  check(listed, `find references (Shift+F12) of springSale lists across-producer.graphreq and across-reader.graphreq (${peekText.replace(/\s+/g, ' ').slice(0, 120)})`);
  await shot(page, 'vscode-references-across-files.png');
  await page.keyboard.press('Escape');

  // F2 on the use: both files change, as the saved files show.
  await goTo(page, use, onName);
  await page.keyboard.press('F2');
  const input = page.locator('.rename-box').locator('input, textarea').first();
  const opened = await input.waitFor({ timeout: STEP_TIMEOUT }).then(() => input.inputValue(), () => '');
  check(opened === 'springSale', `rename (F2) opens the rename box on springSale in across-reader.graphreq, holding "${opened}"`);
  if (!opened) return;
  await input.fill('autumnSale');
  await input.press('Enter');
  await waitFn(page, () => [...document.querySelectorAll('.monaco-editor .view-lines')].some((v) => v.textContent.includes('{{autumnSale.response')), 'the renamed use in the editor').catch(() => {});
  // Save All (Ctrl+K S): the producer was edited in its own tab.
  await page.keyboard.press('Control+K');
  await page.keyboard.press('S');
  const renamed = await poll(() => fs.readFileSync(producerFile, 'utf8').includes('# @name autumnSale') && fs.readFileSync(readerFile, 'utf8').includes('{{autumnSale.response.body.copied_adset_id}}'), STEP_TIMEOUT, 100);
  check(renamed, `rename (F2) of springSale to autumnSale edits both files (saved: producer ${fs.readFileSync(producerFile, 'utf8').includes('# @name autumnSale')}, reader ${fs.readFileSync(readerFile, 'utf8').includes('{{autumnSale.')})`);
}

/** The cursor position the status bar shows (`Ln 2, Col 2`). */
async function cursorText(page) {
  return (await page.locator('footer [id="status.editor.selection"]').first().innerText().catch(() => '')).trim();
}

/** Waits until the status bar shows the cursor at exactly this line and column; false after the step timeout. */
async function cursorAt(page, line, column) {
  return page.waitForFunction(([l, c]) => new RegExp(`\\bLn ${l}, Col ${c}(?!\\d)`).test(document.querySelector('footer [id="status.editor.selection"]')?.textContent ?? ''), [line, column], { timeout: STEP_TIMEOUT, polling: 100 }).then(() => true, () => false);
}

async function checkExtensionPage(page) {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  const pictures = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  const installed = fs.readdirSync(extensionsDir).find((d) => d.startsWith(`${extId}-`));
  // The .vsix's README carries its pictures as data: addresses (client/build/vsixReadme.mjs): the page loads no relative picture.
  const readmeFile = installed && fs.readdirSync(path.join(extensionsDir, installed)).find((f) => /^readme\.md$/i.test(f));
  const packedPictures = readmeFile ? [...fs.readFileSync(path.join(extensionsDir, installed, readmeFile), 'utf8').matchAll(/!\[[^\]]*\]\((data:image\/png;base64,[^)\s]+)\)/g)].length : 0;
  check(packedPictures === pictures.length, `the installed extension's README holds its ${pictures.length} pictures as data: addresses (${packedPictures})`);
  await page.keyboard.press('Escape');
  // The Extensions view (Ctrl+Shift+X) lists the installed extensions (there is no gallery here).
  await page.keyboard.press('Control+Shift+X');
  await page.locator('.extensions-viewlet').first().waitFor({ timeout: STEP_TIMEOUT });
  const row = page.locator('.extensions-viewlet .monaco-list-row', { hasText: manifest.displayName }).first();
  await row.waitFor({ timeout: STEP_TIMEOUT });
  await row.click();
  await page.locator('.tab.active', { hasText: `Extension: ${manifest.displayName}` }).waitFor({ timeout: STEP_TIMEOUT });
  // The details are a webview: find the frame that renders the README, then its pictures.
  const rendered = async () => {
    for (const frame of page.frames()) {
      const found = await frame.evaluate(() => (document.body && document.body.innerText.includes('Quick start')
        ? [...document.querySelectorAll('img')].map((i) => ({ src: i.getAttribute('src') || '', loaded: i.complete && i.naturalWidth > 0 }))
        : null)).catch(() => null);
      if (found) return found;
    }
    return undefined;
  };
  let images;
  const end = Date.now() + STEP_TIMEOUT;
  while (!images && Date.now() < end) {
    images = await rendered();
    if (!images) await new Promise((r) => setTimeout(r, 200));
  }
  check(!!images, 'the extension page renders the README');
  // VS Code's extension page loads pictures from https: and data: only (its Content-Security-Policy).
  const shown = (images ?? []).filter((i) => i.src.startsWith('data:image/png'));
  check(shown.length === pictures.length && shown.every((i) => i.loaded), `the extension page shows the README's ${pictures.length} pictures (${shown.filter((i) => i.loaded).length} loaded)`);
}

// ---------- --restricted: an untrusted workspace ----------
async function walkRestricted(page) {
  const fixture = fs.readFileSync(path.join(workspace, 'e2e.graphreq'), 'utf8');
  const lineOf = (needle) => fixture.split('\n').findIndex((l) => l.includes(needle)) + 1;
  await openFile(page, 'e2e.graphreq');
  await waitFn(page, () => document.querySelector('footer [id="status.editor.mode"]')?.textContent.includes('GraphReq'), 'language mode GraphReq');
  const squiggle = await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: STEP_TIMEOUT }).then(() => true, () => false);
  check(squiggle, 'Restricted Mode: the file is still checked (error squiggles)');
  const envItem = page.locator('footer .statusbar-item', { hasText: 'GraphReq: Restricted Mode' });
  check(await envItem.first().waitFor({ timeout: STEP_TIMEOUT }).then(() => true, () => false), 'Restricted Mode: the environment item says so');
  await goTo(page, lineOf('"name": "Spring sale"'), 5);
  await page.keyboard.press('Control+Alt+R');
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'sending is off in Restricted Mode' });
  check(await toast.first().waitFor({ timeout: STEP_TIMEOUT }).then(() => true, () => false), 'Restricted Mode: Ctrl+Alt+R is refused with a message');
  await shot(page, 'vscode-restricted.png');
  // The refusal comes before anything is sent, so no response view ever opens.
  check(await page.locator('.tab', { hasText: 'Response' }).count() === 0, 'Restricted Mode: nothing was sent (no response view)');
}

// ---------- --tests: the @vscode/test-electron suite, run in this extension host ----------
async function runTestsInExtensionHost(page) {
  const done = await poll(() => fs.existsSync(resultFile), 180_000, 250);
  check(done, 'the in-extension-host suite reported a result');
  if (done) {
    const r = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
    for (const c of r.checks) check(c.ok, `[extension host] ${c.what}`);
  }
}

// code-server logs each extension's activation; an activation error or a crash of the server shows there.
function checkExtensionHostLog() {
  const logs = [];
  const walk = (d) => { for (const e of fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }) : []) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (/exthost.*\.log$|remoteexthost\.log$/.test(e.name)) logs.push(p); } };
  walk(path.join(userDataDir, 'logs'));
  const text = logs.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  const lines = text.split('\n').filter((l) => l.includes(extId));
  const activated = lines.some((l) => /_doActivateExtension|activat/i.test(l));
  const errors = text.split('\n').filter((l) => /\[error\]/i.test(l) && /graphreq/i.test(l));
  if (verbose || errors.length) console.log(errors.join('\n'));
  check(activated || !logs.length, `the extension host activated ${extId}${logs.length ? '' : ' (no extension host log found)'}`);
  check(!errors.length, `no extension host errors from graphreq (${errors.length})`);
}

// ---------- UI helpers ----------
/** Runs a command from the command palette by its title. */
async function palette(page, title) {
  await page.keyboard.press('Control+Shift+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: STEP_TIMEOUT });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: STEP_TIMEOUT });
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT }).catch(() => {});
}

async function openFile(page, name) {
  await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } }).catch(() => {});
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: STEP_TIMEOUT });
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: STEP_TIMEOUT });
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: name }).waitFor({ timeout: STEP_TIMEOUT });
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: STEP_TIMEOUT });
}

/** Moves the cursor with Quick Open's `:line:column`, then waits until the status bar says so. */
async function goTo(page, line, column) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: STEP_TIMEOUT });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT }).catch(() => {});
  await waitFn(page, (want) => (document.querySelector('footer [id="status.editor.selection"]')?.textContent ?? '').includes(want), `cursor at Ln ${line}, Col ${column}`, STEP_TIMEOUT, `Ln ${line}, Col ${column}`);
}

/** Screen box of `needle` on editor line `line` (Monaco renders only visible lines, in any DOM order). */
async function textBox(page, needle, line) {
  return page.evaluate(([needle, line]) => {
    const lineHeight = document.querySelector('.monaco-editor .view-line')?.getBoundingClientRect().height || 19;
    const hits = [];
    for (const el of document.querySelectorAll('.monaco-editor .view-lines .view-line')) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let node; let offset = 0; const nodes = [];
      while ((node = walker.nextNode())) { nodes.push([node, offset]); offset += node.textContent.length; }
      const text = nodes.map(([n]) => n.textContent).join('');
      const i = text.indexOf(needle);
      if (i < 0) continue;
      const [n, start] = nodes.find(([n, s]) => s <= i && i < s + n.textContent.length);
      const r = document.createRange();
      r.setStart(n, i - start);
      r.setEnd(n, Math.min(n.textContent.length, i - start + needle.length));
      const b = r.getBoundingClientRect();
      hits.push({ x: b.x, y: b.y, w: b.width, h: b.height || lineHeight, top: el.getBoundingClientRect().top });
    }
    hits.sort((a, b) => a.top - b.top);
    // Lines are ordered by their top; pick the occurrence on the wanted line when several are shown.
    const lineNumbers = [...document.querySelectorAll('.margin-view-overlays .line-numbers')].map((e) => [Number(e.textContent), e.getBoundingClientRect().top]);
    const wantTop = lineNumbers.find(([n]) => n === line)?.[1];
    if (wantTop !== undefined) return hits.find((h) => Math.abs(h.top - wantTop) < lineHeight / 2) ?? hits[0];
    return hits[0];
  }, [needle, line]);
}

function responseFrame(page) {
  // A webview is an iframe (the webview host) holding the page in #active-frame.
  return page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');
}

async function waitFrame(frame, fn, arg, what) {
  const end = Date.now() + STEP_TIMEOUT;
  while (Date.now() < end) {
    const ok = await frame.locator('body').evaluate(fn, arg).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timeout waiting for ${what}`);
}

async function waitFn(page, fn, what, timeout = STEP_TIMEOUT, arg) {
  try {
    await page.waitForFunction(fn, arg, { timeout, polling: 100 });
  } catch {
    throw new Error(`timeout waiting for ${what}`);
  }
}

async function shot(page, name) {
  // A finished send's progress notification fades out: let it go so it does not cover the picture.
  await page.locator('.notifications-toasts .notification-list-item', { hasText: /GraphReq: (sending|validating)/ }).first()
    .waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
  const file = path.join(outDir, name);
  await page.screenshot({ path: file });
  log(`screenshot ${path.relative(repo, file)}`);
}

/** The highest percentage in the usage headers (X-App-Usage, X-Ad-Account-Usage, X-Business-Use-Case-Usage). */
function highestUsage(headers) {
  let max;
  const take = (v) => { if (typeof v === 'number' && Number.isFinite(v)) max = max === undefined ? v : Math.max(max, v); };
  for (const [name, value] of headers) {
    let json;
    try { json = JSON.parse(value); } catch { continue; }
    const n = name.toLowerCase();
    if (n === 'x-app-usage') ['call_count', 'total_cputime', 'total_time'].forEach((k) => take(json[k]));
    else if (n === 'x-ad-account-usage') take(json.acc_id_util_pct);
    else if (n === 'x-business-use-case-usage') {
      for (const entries of Object.values(json)) for (const e of Array.isArray(entries) ? entries : []) ['call_count', 'total_cputime', 'total_time'].forEach((k) => take(e[k]));
    }
  }
  return max;
}

// ---------- process helpers ----------
function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const key = a.slice(2);
    if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out[key] = argv[++i]; else out[key] = true;
  }
  return out;
}

// code-server must not think it runs inside another VS Code terminal or code-server.
function cleanEnv() {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('VSCODE_') || k.startsWith('CODE_SERVER_')) delete env[k];
  delete env.PASSWORD; delete env.HASHED_PASSWORD;
  delete env.GRAPHREQ_ACCESS_TOKEN;
  env.EXTENSIONS_GALLERY = '{}';
  return env;
}

// VS Code's sockets, device id and caches stay inside the run's temp dir.
function sandboxEnv() {
  const env = {};
  for (const [k, d] of [['TMPDIR', 'tmp'], ['XDG_CACHE_HOME', 'xdg-cache'], ['XDG_CONFIG_HOME', 'xdg-config'], ['XDG_DATA_HOME', 'xdg-data']]) {
    env[k] = path.join(tmp, d);
    fs.mkdirSync(env[k], { recursive: true });
  }
  return env;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

async function poll(fn, timeoutMs, intervalMs = 200) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await fn()) return true;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return !!(await fn());
}

async function waitForHttp(url, timeoutMs) {
  const ok = await poll(async () => {
    if (server.exitCode !== null) throw new Error(`code-server exited with ${server.exitCode}`);
    try { return (await fetch(url)).ok; } catch { return false; }
  }, timeoutMs, 300);
  if (!ok) throw new Error(`timeout waiting for ${url}`);
}
