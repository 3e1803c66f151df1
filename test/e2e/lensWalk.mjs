// The UI walk's step for the "Send all" CodeLens (issue 21): short (`▶ Send all (N)`), with the
// forecast in its tooltip and in the command GraphReq: Forecast Send All, whose dialog can send.
/** `h`: drive.mjs's helpers (check, goTo, palette, STEP_TIMEOUT). */
export async function walkSendAllLens(page, h) {
  await page.locator('.tab', { hasText: 'e2e.graphreq' }).first().click();
  await h.goTo(page, 1, 1);
  const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: /Send all/ }).first();
  const text = await lens.waitFor({ timeout: h.STEP_TIMEOUT }).then(() => lens.innerText(), () => '');
  h.check(/^(⚠ )?▶ Send all \(4\)$/.test(text.trim()), `the Send-all CodeLens is short: "${text.trim()}"`);
  await h.palette(page, 'GraphReq: Forecast Send All');
  const dialog = page.locator('.monaco-dialog-box');
  const said = await dialog.waitFor({ timeout: h.STEP_TIMEOUT }).then(() => dialog.innerText(), () => '');
  h.check(/sending the 4 requests of this file: 4 calls/.test(said) && /calls per hour|per 24 hours|per hour/.test(said) && /Send All \(4\)/.test(said), `GraphReq: Forecast Send All shows the forecast: ${JSON.stringify(said.replace(/\s+/g, ' ').slice(0, 140))}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', timeout: h.STEP_TIMEOUT }).catch(() => {});
}
