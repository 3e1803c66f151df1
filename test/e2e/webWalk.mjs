// The UI walk of the web build (issue 27): code-server loads the extension under development as a web
// extension (`extensionDevelopmentKind: web`), so it runs in the editor's web worker extension host
// from package.json's `browser` (dist/web/client.js), and the language server in a Web Worker
// (dist/web/server.js), as on vscode.dev and github.dev. A person opens a request file and sees the
// diagnostics, completes an enum value and hovers a field, sends a request with its CodeLens to the
// embedded emulator in the worker and sees the answer in the response view and its usage in the
// status bar, and runs a file's tests from the Testing view; no Node process of the extension runs
// meanwhile. A desktop-only command says where it works.
import fs from 'node:fs';
import path from 'node:path';

/** `h`: drive.mjs's helpers (check, log, workspace, extDir, extId, STEP_TIMEOUT, openFile, goTo, waitFn, shot, palette). */
export async function walkWeb(page, h) {
  const fixture = fs.readFileSync(path.join(h.workspace, 'e2e.graphreq'), 'utf8');
  const lineOf = (needle) => fixture.split('\n').findIndex((l) => l.includes(needle)) + 1;

  await h.openFile(page, 'e2e.graphreq');
  await h.waitFn(page, () => document.querySelector('footer [id="status.editor.mode"]')?.textContent.includes('GraphReq'), 'language mode GraphReq');
  h.check(true, 'web: e2e.graphreq opens in language mode "GraphReq"');

  // Diagnostics: squiggles, and the Problems panel with the wrong enum value and its rule ID.
  const squiggle = await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false);
  h.check(squiggle, 'web: error squiggles appear in the editor');
  await page.keyboard.press('Control+Shift+M');
  const row = page.locator('.markers-panel .monaco-list-row', { hasText: 'IMPRESSIONZ' }).first();
  const text = await row.waitFor({ timeout: h.STEP_TIMEOUT }).then(() => row.innerText(), () => '');
  h.log('web problem:', JSON.stringify(text.replace(/\s+/g, ' ')));
  h.check(/IMPRESSIONZ/.test(text) && /ADSET-ENUMS/.test(text), 'web: the Problems panel reports IMPRESSIONZ with its rule ID ADSET-ENUMS');
  // {{account}} is defined in graphreq.env.json, which the worker reads through the editor's file system.
  const unknown = page.locator('.markers-panel .monaco-list-row', { hasText: 'REQ-UNKNOWN-VARIABLE' });
  const gone = await unknown.first().waitFor({ state: 'detached', timeout: h.STEP_TIMEOUT }).then(() => true, () => false);
  h.check(gone, `web: no unknown-variable warning for {{account}}: graphreq.env.json was read (${await unknown.count()} left)`);
  await h.shot(page, 'vscode-web-diagnostics.png');
  await page.keyboard.press('Control+Shift+M');

  // No language server process of Node: the diagnostics came from the worker.
  const servers = nodeServers(path.join(h.extDir, 'dist'));
  h.check(servers.length === 0, `web: no Node process runs the extension's code (${servers.join(', ') || 'none'})`);

  // Completion of the enum values of bid_strategy in an empty body value.
  await h.goTo(page, lineOf('"bid_strategy": ""'), 20);
  await page.keyboard.press('Control+Space');
  await h.waitFn(page, () => document.querySelectorAll('.suggest-widget.visible .monaco-list-row').length > 1, 'suggest rows').catch(() => {});
  const labels = await page.locator('.editor-widget.suggest-widget.visible .monaco-list-row').evaluateAll((els) => els.map((e) => (e.querySelector('.label-name') || e).textContent.trim()));
  h.log('web completion:', JSON.stringify(labels));
  h.check(['LOWEST_COST_WITHOUT_CAP', 'COST_CAP'].every((w) => labels.includes(w)), 'web: completion offers the bid_strategy enum values');
  await h.shot(page, 'vscode-web-completion.png');
  await page.keyboard.press('Escape');

  // Hover of daily_budget, asked with the keyboard (Ctrl+K Ctrl+I) on the word.
  const line = lineOf('"daily_budget": 2000');
  await h.goTo(page, line, fixture.split('\n')[line - 1].indexOf('daily_budget') + 3);
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+I');
  const hover = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content, .monaco-hover:not(.hidden) .hover-contents').first();
  const hoverText = await hover.waitFor({ timeout: h.STEP_TIMEOUT }).then(() => hover.innerText(), () => '');
  h.log('web hover:', JSON.stringify(hoverText.slice(0, 200)));
  h.check(/daily_budget/.test(hoverText) && /budget/i.test(hoverText.replace('daily_budget', '')), 'web: hover shows the documentation of daily_budget');
  await h.shot(page, 'vscode-web-hover.png');
  await page.keyboard.press('Escape');

  // Send request: the topmost lens (the URL read) goes to the embedded emulator in the worker, and
  // the response view opens beside the editor with its answer; the usage shows in the status bar.
  await h.goTo(page, 1, 1);
  const lenses = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Send request' });
  const hasLens = await lenses.filter({ visible: true }).first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false);
  h.check(hasLens, `web: CodeLens "Send request" shown (${await lenses.count()} in view)`);
  if (hasLens) {
    const tops = await lenses.evaluateAll((els) => els.map((e) => (e.getBoundingClientRect().height > 0 ? e.getBoundingClientRect().top : Infinity)));
    await lenses.nth(tops.indexOf(Math.min(...tops))).click();
    const tab = page.locator('.tab', { hasText: 'Response' });
    h.check(await tab.first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false), 'web: the send opens the response view beside the editor');
    const frame = h.responseFrame(page);
    const status = await frame.locator('.status').first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => frame.locator('.status').first().innerText(), () => '');
    h.check(/^2\d\d/.test(status), `web: the in-worker emulator answered the URL read: status "${status}"`);
    const where = await frame.locator('body').innerText().catch(() => '');
    h.check(/embedded emulator/.test(where), 'web: the response view says the embedded emulator answered');
    const usageItem = page.locator('footer .statusbar-item', { hasText: /Graph (\d+(\.\d+)?%|blocked)/ });
    const usageText = await usageItem.first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => usageItem.first().innerText(), () => '');
    h.check(/Graph \d/.test(usageText), `web: the status bar shows the usage of the response ("${usageText.trim()}")`);
    await h.shot(page, 'vscode-web-send.png');
  }
  // The language server still runs in no Node process after the send: the emulator is the worker's.
  const after = nodeServers(path.join(h.extDir, 'dist'));
  h.check(after.length === 0, `web: the send started no Node process (${after.join(', ') || 'none'})`);

  // A desktop-only command answers with one line that says where it works.
  await h.palette(page, 'GraphReq: Open History');
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'works in VS Code on the desktop' });
  h.check(await toast.first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false), 'web: Open History says that it works in VS Code on the desktop and in the CLI');

  // The Testing view runs the tests in the worker: tests.graphreq holds a passing and a failing one.
  await h.openFile(page, 'tests.graphreq');
  await h.palette(page, 'Test: Run All Tests');
  await h.palette(page, 'Testing: Focus on Test Explorer View');
  const failedFile = page.locator('.test-explorer .monaco-list-row', { hasText: 'tests.graphreq' }).locator('.codicon-testing-failed-icon');
  h.check(await failedFile.first().waitFor({ timeout: 60_000 }).then(() => true, () => false), 'web: the Testing view ran tests.graphreq in the worker and marks it failed (one test fails on purpose)');
  await h.shot(page, 'vscode-web-testing.png');

  // Where it runs, as VS Code says it: the Running Extensions editor names the extension host.
  await h.palette(page, 'Developer: Show Running Extensions');
  const running = page.locator('.monaco-list-row', { hasText: h.extId }).first();
  const where = await running.waitFor({ timeout: h.STEP_TIMEOUT }).then(() => running.innerText(), () => '');
  h.log('web running:', JSON.stringify(where.replace(/\s+/g, ' ')));
  h.check(/web worker/i.test(where), `web: Running Extensions shows ${h.extId} in the web worker extension host`);
  await h.shot(page, 'vscode-web-running.png');
}

/** The processes whose command line runs `serverFile` (the desktop language server of this extension). */
function nodeServers(serverFile) {
  const out = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmd = '';
    try {
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue;
    }
    if (cmd.includes(serverFile)) out.push(`${pid} (${cmd.trim().slice(0, 120)})`);
  }
  return out;
}

