/**
 * docs/editors.md's Emacs configuration, as written, with eglot: `emacs --batch` loads the
 * configuration taken from the page, and test/editors/emacs-probe.el opens a broken request file in a
 * project that has graphreq installed, runs M-x eglot and records the major mode, Flymake's
 * diagnostics (with their rule IDs), the completion candidates in a value and the hover of a field.
 *
 * Runs where Emacs with eglot is installed (CI installs Debian's emacs-nox and elpa-eglot; Emacs 29
 * has eglot built in); skipped, and says so, elsewhere.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { bidStrategies, docsBlock, makeProject, makeTmp, repoRoot, runProbe } from './editorProject';

const probe = path.join(repoRoot, 'test', 'editors', 'emacs-probe.el');

/** Whether an Emacs that can load eglot is installed. */
function emacsWithEglot(): boolean {
  const r = spawnSync('emacs', ['--batch', '--eval', "(require 'eglot)"], { encoding: 'utf8' });
  return !r.error && r.status === 0;
}

interface ProbeResult {
  mode: string;
  connected: boolean;
  server: string;
  diagnostics: Array<{ type: string; line: number; text: string }>;
  completion: string[];
  hover: string;
  'format-unchanged': boolean;
  'format-after': string;
  done?: boolean;
  error?: string;
  watchdog?: boolean;
}

const skip = emacsWithEglot() ? false : 'emacs with eglot is not installed (CI installs Debian\'s emacs-nox and elpa-eglot)';

describe('Emacs (eglot) with the configuration of docs/editors.md', { skip }, () => {
  let tmp: string;
  let project: string;

  before(() => {
    tmp = makeTmp('emacs');
    project = makeProject(tmp);
  });

  after(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('M-x eglot: diagnostics with rule IDs, completion and hover', () => {
    const dir = path.join(tmp, 'emacs');
    fs.mkdirSync(dir);
    const config = path.join(dir, 'graphreq.el');
    fs.writeFileSync(config, docsBlock('Emacs', 'elisp'));
    // Batch mode reads no init file: the configuration is loaded as the user's init would load it.
    const out = runProbe<ProbeResult>('emacs', ['--batch', '--eval', `(setq user-emacs-directory "${dir}/")`, '-l', config, '-l', probe], project, dir);
    assert.equal(out.mode, 'graphreq-mode', '.graphreq files open in graphreq-mode');
    assert.ok(out.connected, 'eglot connected to a server');
    assert.equal(out.server, 'graphreq');
    const enums = out.diagnostics.find((d) => d.text.includes('[ADSET-ENUMS]') && d.text.includes('IMPRESSIONZ'));
    assert.ok(enums, `Flymake lists the ADSET-ENUMS error with its rule ID: ${JSON.stringify(out.diagnostics)}`);
    assert.equal(enums.type, 'eglot-error');
    assert.equal(enums.line, 8);
    for (const v of bidStrategies) assert.ok(out.completion.includes(v), `completion in the bid_strategy value offers ${v}: ${JSON.stringify(out.completion)}`);
    assert.ok(/daily_budget/.test(out.hover) && /budget/i.test(out.hover.replace(/daily_budget/g, '')), `the hover documents daily_budget: ${out.hover}`);
    // The page's mode gives graphreq's indentation, 2 spaces: with Emacs's own (tabs), formatting
    // re-indented every body of a formatted file.
    assert.equal(out['format-unchanged'], true, `formatting a formatted file changes nothing: ${JSON.stringify(out['format-after'])}`);
    assert.ok(out.done);
  });
});
