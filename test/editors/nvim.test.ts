/**
 * docs/editors.md's Neovim configurations, as written, in a real Neovim: `nvim --headless` loads the
 * configuration taken from the page (so the page cannot drift from what is tested), opens a broken
 * request file in a project that has graphreq installed as a development dependency, and
 * test/editors/nvim-probe.lua records what a person would see: the filetype, the attached server, the
 * diagnostics with their rule IDs (also in the virtual text and the diagnostic float), the completion
 * of <C-x><C-o> in a value, and the hover of K on a field.
 *
 * Runs where `nvim` is installed (CI installs Debian's neovim); skipped, and says so, elsewhere. The
 * configuration for Neovim 0.10 or later runs when the installed Neovim is that recent.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { bidStrategies, brokenRequest, docsBlock, makeProject, makeTmp, repoRoot, runProbe } from './editorProject';

const probe = path.join(repoRoot, 'test', 'editors', 'nvim-probe.lua');

/** The installed Neovim's version, or undefined when there is none. */
function nvimVersion(): [number, number] | undefined {
  const r = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  const m = /NVIM v(\d+)\.(\d+)/.exec(r.stdout ?? '');
  return r.error || !m ? undefined : [Number(m[1]), Number(m[2])];
}

interface ProbeResult {
  nvim: string;
  filetype: string;
  attached: boolean;
  clients: string[];
  diagnostics: Array<{ code?: string; lnum: number; severity: number; message: string }>;
  virtual_text: string[];
  diagnostic_float: string[];
  completed: boolean;
  completion: string[];
  completed_line: string;
  hovered: boolean;
  hover: string[];
  format_before: string[];
  format_after: string[];
  format_options: { tabSize: number; insertSpaces: boolean };
  lenses: boolean;
  lens_titles: string[];
  sent: boolean;
  messages: Array<{ type: number; message: string }>;
  progress: Array<{ kind: string; title?: string; message?: string }>;
  documents: string[];
  client_show_document: boolean;
  done?: boolean;
  error?: string;
  watchdog?: boolean;
}

const version = nvimVersion();
const skip = version ? false : 'nvim is not installed (CI installs Debian\'s neovim)';

describe('Neovim with the configuration of docs/editors.md', { skip }, () => {
  let tmp: string;
  let project: string;

  before(() => {
    tmp = makeTmp('nvim');
    project = makeProject(tmp);
  });

  after(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Starts Neovim with `config` on requests/broken.graphreq and returns what the probe recorded. */
  function runNeovim(name: string, config: string): ProbeResult {
    const dir = path.join(tmp, name);
    fs.mkdirSync(dir);
    const init = path.join(dir, 'init.lua');
    fs.writeFileSync(init, config);
    return runProbe<ProbeResult>('nvim', ['--headless', '-n', '-i', 'NONE', '-u', init, '-c', `luafile ${probe}`, path.join('requests', 'broken.graphreq')], project, dir);
  }

  function assertWorks(out: ProbeResult): void {
    assert.equal(out.filetype, 'graphreq', '.graphreq files get the graphreq filetype');
    assert.ok(out.attached && out.clients.includes('graphreq'), `the graphreq server is attached (clients: ${out.clients})`);
    const line = brokenRequest.split('\n').findIndex((l) => l.includes('IMPRESSIONZ'));
    const enums = out.diagnostics.find((d) => d.code === 'ADSET-ENUMS' && d.lnum === line);
    assert.ok(enums, `an ADSET-ENUMS diagnostic on line ${line + 1}: ${JSON.stringify(out.diagnostics)}`);
    assert.equal(enums.severity, 1, 'as an error');
    assert.ok(out.diagnostics.every((d) => typeof d.code === 'string' && /^[A-Z]+(-[A-Z0-9]+)+$/.test(d.code)), 'every diagnostic carries its rule ID');
    assert.ok(out.virtual_text.some((t) => t.includes('ADSET-ENUMS: `billing_event`')), `the virtual text shows the rule ID: ${JSON.stringify(out.virtual_text)}`);
    assert.ok(out.diagnostic_float.some((t) => t.includes('ADSET-ENUMS: `billing_event`')), `the diagnostic float shows the rule ID: ${JSON.stringify(out.diagnostic_float)}`);
    for (const v of bidStrategies) {
      assert.ok(out.completion.includes(v), `<C-x><C-o> in the bid_strategy value offers ${v}, bare inside the quotes: ${JSON.stringify(out.completion)}`);
    }
    assert.match(out.completed_line, new RegExp(`^\\s*"bid_strategy": "(${bidStrategies.join('|')})",?$`), 'the value chosen sits between one pair of quotes');
    const hover = out.hover.join('\n');
    assert.ok(out.hovered && /daily_budget/.test(hover) && /budget/i.test(hover.replace(/daily_budget/g, '')), `K on daily_budget shows its documentation: ${JSON.stringify(out.hover)}`);
    // The page's configuration gives .graphreq buffers graphreq's indentation (2 spaces, as VS Code gets):
    // with Neovim's own (tabs, 8 wide), formatting turned every body's 2-space indentation into tabs.
    assert.deepEqual(out.format_after, out.format_before, 'formatting a formatted file changes nothing');
    assert.deepEqual(out.format_options, { tabSize: 2, insertSpaces: true }, 'the buffer asks for 2 spaces');
    assertSendSeen(out);
    assert.ok(out.done);
  }

  /**
   * The "Send request" CodeLens, run with vim.lsp.codelens.run(): the user sees the result. The server
   * shows it with window/showMessage (the broken request comes back refused, its error decoded),
   * progress comes on $/progress, and the saved response is opened when this Neovim supports
   * window/showDocument, or named in the message when it does not (0.7).
   */
  function assertSendSeen(out: ProbeResult): void {
    assert.ok(out.lenses && out.lens_titles.some((t) => t.includes('Send request')), `the CodeLenses are shown: ${JSON.stringify(out.lens_titles)}`);
    assert.ok(out.sent, `the send through the CodeLens showed a message: ${JSON.stringify(out)}`);
    const m = out.messages[0];
    assert.equal(m.type, 2, `a warning for a refused request: ${JSON.stringify(m)}`);
    assert.match(m.message, /^graphreq: 400 Bad Request in \d+ ms: Invalid parameter \(code 100\)\. .+ What to do: /);
    const kinds = out.progress.map((p) => p.kind);
    assert.deepEqual([kinds[0], kinds[kinds.length - 1]], ['begin', 'end'], `progress while sending: ${JSON.stringify(out.progress)}`);
    assert.equal(out.progress[0].title, 'graphreq: sending request 1 of broken.graphreq');
    if (out.client_show_document) {
      assert.equal(out.documents.length, 1, 'the saved response is opened');
      assert.match(out.documents[0], /\.graphreq-history\/.+\.json$/);
    } else {
      const saved = /^Saved: (.+\.json)$/m.exec(m.message)?.[1];
      assert.ok(saved && fs.existsSync(saved) && saved.includes('.graphreq-history'), `the message names the saved response: ${m.message}`);
    }
  }

  it('Neovim 0.7 to 0.9: diagnostics with rule IDs, completion and hover', () => {
    assertWorks(runNeovim('nvim07', docsBlock('Neovim 0.7', 'lua')));
  });

  const recent = !!version && (version[0] > 0 || version[1] >= 10);
  it('Neovim 0.10 or later: diagnostics with rule IDs, completion and hover', { skip: recent ? false : `nvim ${version?.join('.')} is older than 0.10` }, () => {
    assertWorks(runNeovim('nvim010', docsBlock('Neovim 0.10', 'lua')));
  });
});
