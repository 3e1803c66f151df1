// The UI walk's step for a send with the cursor outside every request (issue 21): Ctrl+Alt+R on the
// file's header comment asks which request (a quick pick, nearest first) instead of sending the next
// one; Escape sends nothing, Enter sends the request chosen.
import fs from 'node:fs';
import path from 'node:path';

/** `h`: drive.mjs's helpers (check, goTo, responseFrame, waitFrame, STEP_TIMEOUT). */
export async function walkSendOutsideRequest(page, workspace, h) {
  const fixture = fs.readFileSync(path.join(workspace, 'e2e.graphreq'), 'utf8').split('\n');
  if (!h.check(fixture[0].startsWith('#'), 'e2e.graphreq starts with a header comment')) return;
  const frame = h.responseFrame(page);
  const shownBefore = await frame.locator('.request-line').first().innerText().catch(() => '');
  await page.locator('.tab', { hasText: 'e2e.graphreq' }).first().click();
  await page.mouse.move(150, 700);
  await h.goTo(page, 1, 3);
  await page.keyboard.press('Control+Alt+R');
  const pick = page.locator('.quick-input-widget', { hasText: 'the cursor is in no request' });
  const asked = await pick.waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false);
  const rows = await page.locator('.quick-input-list .monaco-list-row .label-name').evaluateAll((els) => els.map((e) => e.textContent.trim()));
  h.check(asked && rows[0] === 'Engagement of a shared URL' && rows.length >= 3, `Ctrl+Alt+R on the header comment asks which request, nearest first: ${JSON.stringify(rows.slice(0, 4))}`);
  if (!asked) return;
  await page.keyboard.press('Escape');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: h.STEP_TIMEOUT }).catch(() => {});
  const shownAfter = await frame.locator('.request-line').first().innerText().catch(() => '');
  h.check(shownAfter === shownBefore, 'Escape sends nothing (the response view still shows the last response)');
  // Asked again, Enter sends the nearest: the URL read.
  await page.keyboard.press('Control+Alt+R');
  await pick.waitFor({ timeout: h.STEP_TIMEOUT });
  await page.keyboard.press('Enter');
  await h.waitFrame(frame, (_b, prev) => {
    const line = document.querySelector('.request-line')?.textContent ?? '';
    return line.includes('?id=') && line !== prev;
  }, shownBefore, 'the chosen request\'s response');
  h.check(/\?id=/.test(await frame.locator('.request-line').first().innerText()), 'choosing the request in the quick pick sends it');
}
