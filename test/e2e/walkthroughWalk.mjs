// The UI walk's onboarding and keys (issue 21 items 4 and 5), as a person does them:
// - Ctrl+Alt+H opens the history view (past exchanges as rows, not raw JSON), Ctrl+Alt+L sends the
//   last request again (one more row), Ctrl+Alt+E opens the environment picker;
// - "Welcome: Open Walkthrough..." opens "Get Started with GraphReq": every step is listed and shows
//   its page (the step's markdown media, rendered), and the first step's button runs GraphReq: Open
//   Example, which opens getting-started.graphreq and marks the step done (its completion event).
import fs from 'node:fs';
import path from 'node:path';

/** The frame (of any webview) whose document has `selector`, polled until it appears. */
async function frameWith(page, selector, timeout) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    for (const frame of page.frames()) {
      if (await frame.$(selector).then((e) => !!e, () => false)) return frame;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

async function historyRows(page, h) {
  const frame = await frameWith(page, '#history, #history-empty', h.STEP_TIMEOUT);
  return frame ? frame.$$eval('#history .history-row', (rows) => rows.length).catch(() => 0) : -1;
}

/** `h`: drive.mjs's helpers (check, log, goTo, shot, STEP_TIMEOUT). */
export async function walkKeys(page, workspace, h) {
  const fixture = fs.readFileSync(path.join(workspace, 'e2e.graphreq'), 'utf8').split('\n');
  const urlRead = fixture.findIndex((l) => l.startsWith('GET /{{version}}/?id=')) + 1;
  const focusFile = async () => {
    await page.locator('.tab', { hasText: 'e2e.graphreq' }).first().click();
    await page.locator('.tab.active', { hasText: 'e2e.graphreq' }).waitFor({ timeout: h.STEP_TIMEOUT });
    await page.mouse.move(150, 700);
    await h.goTo(page, urlRead, 3);
  };

  // Ctrl+Alt+H: the history view, each past exchange a row.
  await focusFile();
  await page.keyboard.press('Control+Alt+H');
  const tab = page.locator('.tab', { hasText: 'GraphReq History' });
  h.check(await tab.first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false), 'Ctrl+Alt+H opens the history view');
  const before = await historyRows(page, h);
  const frame = await frameWith(page, '#history', h.STEP_TIMEOUT);
  const text = frame ? await frame.locator('body').innerText() : '';
  h.check(before >= 3 && /Clear history/.test(text) && !/"savedAt"|"headers":/.test(text), `the history view lists the past exchanges as rows (${before}), with Clear history, no raw JSON`);
  await h.shot(page, 'vscode-history.png');

  // Ctrl+Alt+L: the last request again; the history view, opened again (the response view took its
  // place in the editor group), has its row.
  await focusFile();
  await page.keyboard.press('Control+Alt+L');
  let after = before;
  const end = Date.now() + h.STEP_TIMEOUT;
  while (after <= before && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 500));
    await focusFile();
    await page.keyboard.press('Control+Alt+H');
    await tab.first().waitFor({ timeout: h.STEP_TIMEOUT }).catch(() => {});
    after = await historyRows(page, h);
  }
  h.check(after === before + 1, `Ctrl+Alt+L sends the last request again: the history has one more row (${before} -> ${after})`);

  // Ctrl+Alt+E: the environment picker.
  await focusFile();
  await page.keyboard.press('Control+Alt+E');
  const picker = page.locator('.quick-input-widget', { hasText: /environment/i });
  const opened = await picker.first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false);
  const items = await page.locator('.quick-input-list .monaco-list-row .label-name').evaluateAll((els) => els.map((e) => e.textContent.trim()));
  h.check(opened && items.some((i) => /local/.test(i)), `Ctrl+Alt+E opens the environment picker: ${JSON.stringify(items.slice(0, 4))}`);
  await page.keyboard.press('Escape');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: h.STEP_TIMEOUT }).catch(() => {});
}

/** `h`: drive.mjs's helpers (check, log, palette, shot, repo, STEP_TIMEOUT); `manifest`: package.json. */
export async function walkWalkthrough(page, workspace, manifest, h) {
  const walkthrough = manifest.contributes.walkthroughs[0];
  // The walkthrough alone in the window, as a first-time user sees it (and for the picture): the other
  // editor groups closed, the panel and the side bar hidden, all from the editor before the walkthrough
  // opens (its page can keep the palette's keys). Best effort: the walk goes on without them.
  const layout = async (title) => h.palette(page, title).catch(async (e) => {
    h.log(`layout: ${title} not run (${e.message.split('\n')[0]})`);
    await page.keyboard.press('Escape');
  });
  await page.locator('.tab', { hasText: 'e2e.graphreq' }).first().click().catch(() => {});
  await layout('View: Close Editors in Other Groups');
  await layout('View: Hide Panel');
  await layout('View: Close Primary Side Bar');
  // The command palette's "Welcome: Open Walkthrough...", then the walkthrough in its list.
  await page.keyboard.press('Control+Shift+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: h.STEP_TIMEOUT });
  await input.fill('>Welcome: Open Walkthrough...');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Open Walkthrough' }).first().waitFor({ timeout: h.STEP_TIMEOUT });
  await page.keyboard.press('Enter');
  const listed = page.locator('.quick-input-list .monaco-list-row', { hasText: walkthrough.title }).first();
  h.check(await listed.waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false), `"Welcome: Open Walkthrough..." lists "${walkthrough.title}"`);
  await listed.click();
  const steps = page.locator('.gettingStartedContainer button.getting-started-step');
  const shown = await steps.first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false);
  const titles = await steps.evaluateAll((els) => els.map((e) => (e.querySelector('.step-title')?.textContent ?? '').trim()));
  h.check(shown && walkthrough.steps.every((s) => titles.includes(s.title)), `the walkthrough "${walkthrough.title}" opens with its ${walkthrough.steps.length} steps: ${JSON.stringify(titles)}`);
  if (!shown) return;

  // Each step, selected, shows its page: the markdown media rendered in the walkthrough's webview.
  const showsPage = async (step) => {
    const heading = fs.readFileSync(path.join(h.repo, step.media.markdown), 'utf8').split('\n')[0].replace(/^#\s*/, '');
    await steps.filter({ hasText: step.title }).first().click();
    const end = Date.now() + h.STEP_TIMEOUT;
    while (Date.now() < end) {
      for (const f of page.frames()) {
        if (await f.evaluate((t) => [...document.querySelectorAll('h1')].some((e) => e.textContent.trim() === t), heading).catch(() => false)) return heading;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return undefined;
  };
  for (const step of walkthrough.steps) {
    const heading = await showsPage(step);
    h.check(!!heading, `walkthrough step "${step.title}" shows its page (${step.media.markdown}: "${heading}")`);
  }

  // The first step's button runs GraphReq: Open Example; its completion event marks the step done.
  const first = walkthrough.steps[0];
  const firstStep = steps.filter({ hasText: first.title }).first();
  await firstStep.click();
  const stepId = await firstStep.getAttribute('data-step-id');
  await page.locator('.gettingStartedContainer').getByRole('button', { name: 'Open Example', exact: true }).first().click();
  const example = page.locator('.tab', { hasText: 'getting-started.graphreq' });
  h.check(await example.first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false) && fs.existsSync(path.join(workspace, 'getting-started.graphreq')), 'the step\'s "Open Example" button opens getting-started.graphreq, written in the workspace');
  await page.locator('.tab', { hasText: 'Walkthrough:' }).first().click().catch(() => {});
  const done = page.locator(`.gettingStartedContainer button.getting-started-step[data-step-id="${stepId}"][aria-checked="true"]`);
  h.check(await done.first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false), `the step "${first.title}" is marked done (its completion event, ${first.completionEvents[0]})`);
  // The picture for the docs: the walkthrough with the send step open.
  await showsPage(walkthrough.steps[2]);
  await page.mouse.move(5, 5);
  await h.shot(page, 'vscode-walkthrough.png');
}
