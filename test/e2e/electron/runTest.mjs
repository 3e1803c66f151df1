#!/usr/bin/env node
// The standard @vscode/test-electron runner, for machines that can download VS Code (it fetches
// VS Code from Microsoft's update service on first use; it cannot run offline). It starts VS Code
// with the extension under development (the repository; run `npm run build` first), opens the
// end-to-end workspace and runs suite/index.js inside the extension host: the same checks as the
// code-server UI walk (test/e2e/drive.mjs), through the VS Code API.
//
//   npm run build && npm run test:electron          (on Linux without a display: xvfb-run -a npm run test:electron)
//   env: VSCODE_VERSION (default 1.100.3, the lowest our engines.vscode allows; `stable` for the newest)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';
import { prepareWorkspace, repoRoot } from '../workspace.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
if (!fs.existsSync(path.join(repoRoot, 'dist', 'client.js'))) {
  console.error('dist/client.js missing: run `npm run build` first');
  process.exit(2);
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-electron-'));
const workspace = path.join(tmp, 'workspace');
prepareWorkspace(workspace);
const resultFile = path.join(tmp, 'result.json');

let code = 0;
try {
  await runTests({
    version: process.env.VSCODE_VERSION || '1.100.3',
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: path.join(here, 'suite', 'index.js'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes', '--user-data-dir', path.join(tmp, 'user-data')],
    extensionTestsEnv: { E2E_RESULT: resultFile, E2E_WORKSPACE: workspace },
  });
} catch (e) {
  console.error('end-to-end suite failed:', e && e.message || e);
  code = 1;
}
if (fs.existsSync(resultFile)) {
  const r = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
  for (const c of r.checks) console.log(`${c.ok ? 'PASS' : 'FAIL'} ${c.what}`);
  if (!r.ok) code = 1;
} else {
  code = 1;
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(code ? 'RESULT: FAIL' : 'RESULT: PASS');
process.exit(code);
