// The UI walk's step for rule links (issue 21): the rule ID of a diagnostic in the Problems panel
// opens docs/rules.md at that rule's heading, not at line 1 of the 134 KB file.
import fs from 'node:fs';
import path from 'node:path';

/** `h`: drive.mjs's helpers (check, log, repo, STEP_TIMEOUT). */
export async function walkRuleLink(page, h) {
  await page.keyboard.press('Control+Shift+M');
  const row = page.locator('.markers-panel .monaco-list-row', { hasText: 'IMPRESSIONZ' }).first();
  await row.waitFor({ timeout: h.STEP_TIMEOUT });
  const code = /graphreq\(([A-Z0-9-]+)\)/.exec(await row.innerText())?.[1] ?? /\b([A-Z]+(?:-[A-Z0-9]+)+)\b/.exec(await row.innerText())?.[1];
  if (!h.check(!!code, `the Problems panel shows the rule ID of the IMPRESSIONZ diagnostic (${code})`)) return;
  await row.getByText(code, { exact: true }).first().click();
  await page.locator('.tab.active', { hasText: 'rules.md' }).waitFor({ timeout: h.STEP_TIMEOUT });
  const heading = fs.readFileSync(path.join(h.repo, 'docs', 'rules.md'), 'utf8').split('\n').indexOf(`## ${code}`) + 1;
  const landed = await page.waitForFunction((want) => new RegExp(`\\bLn ${want},`).test(document.querySelector('footer [id="status.editor.selection"]')?.textContent ?? ''), heading, { timeout: h.STEP_TIMEOUT, polling: 100 }).then(() => true, () => false);
  const at = (await page.locator('footer [id="status.editor.selection"]').first().innerText().catch(() => '')).trim();
  h.check(heading > 1 && landed, `the rule link ${code} opens docs/rules.md at its heading, line ${heading} (cursor at ${at})`);
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.tab', { hasText: 'e2e.graphreq' }).first().click();
}
