/**
 * The status bar's tooltips are Markdown built from the workspace's and a service's words: an
 * environment's name and base URL from graphreq.env.json, a problem quoting that file, the scopes,
 * metrics and warnings of usage headers. Written raw, a repository's environment named
 * `![x](https://host/?q=…)` was an image the editor fetched, and `[Open](command:…)` a command link.
 * Each is now plain text (markdownText), rendered here by a CommonMark renderer with autolinks on:
 * no link, no image, no HTML, and the words still read as written.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { markdownText } from '../../server/src/core/features/markdownText';
import { emptyRecentUsage, recordUsage, usageNow } from '../../server/src/core/send/recentUsage';
import { environmentTooltipMarkdown } from '../../client/src/environmentTooltip';
import { usageTooltipMarkdown } from '../../client/src/usagePresentation';
import { result, usage } from './model';

// markdown-it (a CommonMark renderer, here through @vscode/vsce) with HTML and bare-URL links on: the strictest reading.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (o: object) => { render(s: string): string };
const md = new MarkdownIt({ html: true, linkify: true });

const HOSTILE = [
  '![x](https://evil.example/p.png?q=secret)',
  '[Open](command:workbench.action.terminal.sendSequence?%7B%7D)',
  '<img src="https://evil.example/i.png">',
  'https://evil.example/autolink and www.evil.example and me@evil.example',
  '<https://evil.example/angle>',
  '&#91;x&#93;(https://evil.example/entity)',
  '` code ` **bold** | cell | $(warning) \\[x](https://evil.example/escaped)',
  'line\n\n[ref]: https://evil.example/ref\n[ref]',
];

function assertInert(markdown: string, label: string): string {
  const html = md.render(markdown);
  assert.doesNotMatch(html, /<a[\s>]|<img[\s>]|<script/i, `${label} renders a link or an image:\n${markdown}\n${html}`);
  return html;
}

test('markdownText keeps every hostile word as the text it is', () => {
  for (const text of HOSTILE) {
    const html = assertInert(markdownText(text), text);
    // The words survive (as text; `<` and `&` as entities).
    const shown = html.replace(/<\/?p>\n?/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&').trim();
    assert.equal(shown, text.replace(/\n+/g, ' '));
  }
});

test('the environment tooltip holds a hostile environment name, base URL, problem and last target as text', () => {
  for (const text of HOSTILE) {
    const markdown = environmentTooltipMarkdown({
      name: text,
      baseUrl: `https://graph.example.com/${text}`,
      file: `sub/${text}/graphreq.env.json`,
      problem: `graphreq.env.json: Unexpected token in ${text}`,
      lastSent: { environment: text, baseUrl: `https://graph.example.com/${text}`, embedded: false },
    });
    assertInert(markdown, text);
  }
  // An ordinary one still reads well, and a base URL's password and query are not shown.
  const plain = md.render(environmentTooltipMarkdown({ name: 'prod', baseUrl: 'https://bob:hunter2@graph.example.com/?access_token=EAAB1234' }));
  assert.match(plain, /<strong>GraphReq environment<\/strong>: prod/);
  assert.match(plain, /Requests go to: https:\/\/\[REDACTED\]@graph\.example\.com\/\?access_token=\[REDACTED\]/);
  assert.doesNotMatch(plain, /hunter2|EAAB1234/);
});

test('the usage tooltip holds hostile scope labels, warnings, environment and base URL as text, with no command link', () => {
  const hostile = HOSTILE.join(' ');
  const u = usage({ app: { call_count: 42, total_time: 5, total_cputime: 3 } });
  u.warnings.push(hostile);
  u.throttle.push({ source: hostile, throttled: false, backend_qps: null, complexity_score: null });
  let state = emptyRecentUsage();
  state = recordUsage(state, result({ status: 200, usage: u }), 1_000);
  const markdown = usageTooltipMarkdown(usageNow(state, 2_000), { environment: hostile, baseUrl: `https://graph.example.com/${hostile}`, requestLabel: hostile, latest: u, now: 2_000 });
  assertInert(markdown, 'usage tooltip');
  assert.doesNotMatch(markdown, /command:graphreq/);
});
