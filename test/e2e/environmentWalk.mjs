// The UI walk's environment step (issue 21): a send goes where the status bar says. The workspace's
// graphreq.env.json gets an environment `elsewhere` whose base URL is a local recording server; the
// walk picks it in the status bar's picker (which must write nothing into the repository: `git status`
// stays clean), sends with Ctrl+Alt+R, types a token at the prompt, confirms the address the repository
// chose (Trust and Send: the picker selects, it does not confirm), and checks that the recording
// server received the request with that token and that the response view shows its answer and
// address; then it picks "No environment" and checks that the embedded emulator answers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const ANSWER = 'answered by the e2e recording server';
const TOKEN = 'e2e-elsewhere-token-7f3a9c';

/** A loopback server that records every request and answers JSON. */
export async function startRecorder() {
  const requests = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, authorization: req.headers.authorization ?? '', body });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 'recorded-1', note: ANSWER }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return { url, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Adds the environment `elsewhere` (the recorder) to the workspace's graphreq.env.json. */
export function addElsewhere(workspace, recorder) {
  const file = path.join(workspace, 'graphreq.env.json');
  const env = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, JSON.stringify({ ...env, elsewhere: { baseUrl: recorder.url } }, null, 2) + '\n');
}

async function poll(fn, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end && !fn()) await new Promise((r) => setTimeout(r, 100));
  return fn();
}

function git(workspace, ...args) {
  const r = spawnSync('git', ['-c', 'user.email=e2e@example.invalid', '-c', 'user.name=e2e', '-c', 'init.defaultBranch=main', ...args], { cwd: workspace, encoding: 'utf8' });
  return r.status === 0 ? r.stdout : `git ${args.join(' ')} failed: ${r.stderr}`;
}

/**
 * Waits for the modal question "… which you have not confirmed for this workspace. Send it there?",
 * checks `before()` while it is open (nothing sent yet), and presses Trust and Send.
 */
async function trustAndSend(page, h, before = () => true) {
  const button = page.locator('.monaco-dialog-box .monaco-button', { hasText: 'Trust and Send' }).first();
  const shown = await button.waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false);
  if (!shown) return false;
  const nothingYet = before();
  await button.click();
  return nothingYet;
}

/** `h`: drive.mjs's helpers (check, log, goTo, shot, responseFrame, waitFrame, STEP_TIMEOUT). */
export async function walkEnvironmentTarget(page, workspace, recorder, h) {
  const fixture = fs.readFileSync(path.join(workspace, 'e2e.graphreq'), 'utf8');
  const urlRead = fixture.split('\n').findIndex((l) => l.startsWith('GET /{{version}}/?id=')) + 1;
  const host = new URL(recorder.url).host;
  const envItem = page.locator('footer .statusbar-item', { hasText: /· (emulator|127\.0\.0\.1:\d+)$/ }).first();
  const pick = async (label) => {
    await envItem.click();
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: h.STEP_TIMEOUT });
    await input.fill(label);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first().waitFor({ timeout: h.STEP_TIMEOUT });
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: h.STEP_TIMEOUT }).catch(() => {});
  };
  const itemSays = (re) => page.locator('footer .statusbar-item', { hasText: re }).first().waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false);

  // The workspace as a repository, everything committed: choosing an environment must change nothing in it.
  git(workspace, 'init', '-q');
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-q', '-m', 'e2e workspace');
  await pick('elsewhere');
  h.check(await itemSays(new RegExp(`elsewhere · ${host.replace(/\./g, '\\.')}$`)), `the environment item says "elsewhere · ${host}" (${(await envItem.innerText().catch(() => '')).trim()})`);
  const status = git(workspace, 'status', '--porcelain');
  h.check(status === '', `choosing an environment writes nothing into the repository (git status: ${JSON.stringify(status)})`);

  // Ctrl+Alt+R on the URL read: the token prompt (a password box), then the send to the recorder.
  const frame = h.responseFrame(page);
  await page.locator('.tab', { hasText: 'e2e.graphreq' }).first().click();
  await page.mouse.move(150, 700);
  await h.goTo(page, urlRead, 5);
  await page.keyboard.press('Control+Alt+R');
  const password = page.locator('.quick-input-widget input[type="password"]');
  const asked = await password.waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false);
  h.check(asked, 'sending in environment elsewhere asks for its token');
  if (!asked) return;
  await password.fill(TOKEN);
  await page.keyboard.press('Enter');
  // The repository chose the address: naming the environment in the picker selects it, it does not
  // confirm where the token goes, so the first send there asks (docs/sending.md) and sends nothing first.
  const confirmed = await trustAndSend(page, h, () => recorder.requests.length === 0);
  h.check(confirmed, `the first send to the environment's address asks to confirm it, with the token, before anything is sent (${recorder.requests.length} request(s) at the question)`);
  await h.waitFrame(frame, (_b, answer) => document.body.innerText.includes(answer), ANSWER, 'the recording server\'s answer in the response view');
  const got = recorder.requests[0];
  h.check(recorder.requests.length === 1 && got.authorization === `Bearer ${TOKEN}` && got.url.startsWith('/v23.0/?id='), `the recording server received the request with the token typed (${recorder.requests.length} request(s), ${got ? `${got.method} ${got.url.slice(0, 40)}, Authorization ${got.authorization === `Bearer ${TOKEN}` ? 'Bearer <the token typed>' : JSON.stringify(got.authorization.slice(0, 12))}` : 'none'})`);
  const sentTo = (await frame.locator('.target').first().innerText().catch(() => '')).trim();
  h.check(sentTo.includes(recorder.url), `the response view names the address used: "${sentTo}"`);
  h.check(!(await frame.locator('body').innerText()).includes(TOKEN), 'the response view shows no token');
  await h.shot(page, 'vscode-environment.png');

  // The token was stored for this workspace, `elsewhere` and the recorder's origin: once
  // graphreq.env.json moves `elsewhere` to another address, the next send asks again (issue 20).
  const other = await startRecorder();
  try {
    const envFile = path.join(workspace, 'graphreq.env.json');
    const original = fs.readFileSync(envFile, 'utf8');
    fs.writeFileSync(envFile, original.replace(recorder.url, other.url));
    const otherHost = new URL(other.url).host;
    h.check(await itemSays(new RegExp(`elsewhere · ${otherHost.replace(/\./g, '\\.')}$`)), `the environment item follows graphreq.env.json to ${otherHost}`);
    await page.locator('.tab', { hasText: 'e2e.graphreq' }).first().click();
    await page.mouse.move(150, 700);
    await h.goTo(page, urlRead, 5);
    await page.keyboard.press('Control+Alt+R');
    const askedAgain = await password.waitFor({ timeout: h.STEP_TIMEOUT }).then(() => true, () => false);
    h.check(askedAgain && other.requests.length === 0, `a new address asks for its own token; the token typed for ${host} is not sent there (${other.requests.length} request(s) before the answer)`);
    if (askedAgain) {
      await password.fill(`${TOKEN}-other`);
      await page.keyboard.press('Enter');
      const confirmedAgain = await trustAndSend(page, h, () => other.requests.length === 0);
      h.check(confirmedAgain, 'a new address asks to confirm it before its token is sent there');
      await poll(() => other.requests.length > 0, h.STEP_TIMEOUT);
      h.check(other.requests.length === 1 && other.requests[0].authorization === `Bearer ${TOKEN}-other` && recorder.requests.length === 1, `the new address received the token typed for it, the first address nothing more (${other.requests.length}, ${recorder.requests.length})`);
      await h.waitFrame(frame, (_b, url) => (document.querySelector('.target')?.textContent ?? '').includes(url), other.url, 'the second address in the response view');
    }
    fs.writeFileSync(envFile, original);
  } finally {
    await other.close();
  }

  // Back to no environment: the embedded emulator answers, and the recorder hears nothing more.
  await pick('No environment');
  h.check(await itemSays(/no environment · emulator$/), 'the environment item says "no environment · emulator"');
  await page.locator('.tab', { hasText: 'e2e.graphreq' }).first().click();
  await page.mouse.move(150, 700);
  await h.goTo(page, urlRead, 5);
  await page.keyboard.press('Control+Alt+R');
  await h.waitFrame(frame, () => /embedded emulator/.test(document.querySelector('.target')?.textContent ?? ''), undefined, 'a response from the embedded emulator');
  const status2 = (await frame.locator('.status').first().innerText()).trim();
  const body = await frame.locator('body').innerText();
  h.check(/^200/.test(status2) && !body.includes(ANSWER) && recorder.requests.length === 1, `with no environment the embedded emulator answers ("${status2}"; the recorder got ${recorder.requests.length - 1} more)`);
  // The rest of the walk runs in the workspace's environment again.
  await pick('local');
}
