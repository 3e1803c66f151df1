/**
 * The Markdown of the environment picker's tooltip. Every word in it but graphreq's own comes from
 * the workspace (an environment's name and base URL, a problem quoting graphreq.env.json) or a
 * send's answer: each is plain text (markdownText, a base URL without its secrets, shownUrl), so a
 * repository's `"name"` cannot add a link, an image the editor fetches, or a command link; the
 * tooltip is made untrusted (environmentPicker.ts). Plain module (no 'vscode' import), for unit tests.
 */
import { markdownText } from '../../server/src/core/features/markdownText';
import { shownUrl } from '../../server/src/core/send/shownUrl';
import type { SentTarget } from '../../server/src/lsp/protocol';

export interface EnvironmentTooltipInput {
  name: string;
  baseUrl?: string;
  /** The environment file, relative to the workspace. */
  file?: string;
  problem?: string;
  lastSent?: SentTarget;
}

export function environmentTooltipMarkdown(info: EnvironmentTooltipInput): string {
  const parts = [`**GraphReq environment**: ${info.name ? markdownText(info.name) : '(none: `$shared` only)'}`];
  parts.push(`Requests go to: ${info.baseUrl ? markdownText(shownUrl(info.baseUrl)) : 'the embedded emulator'}`);
  const last = info.lastSent;
  if (last) parts.push(`Last sent to: ${last.embedded ? `the embedded emulator (${markdownText(last.baseUrl)})` : markdownText(shownUrl(last.baseUrl))}`);
  if (info.file) parts.push(`From: ${markdownText(info.file)}`);
  if (info.problem) parts.push(`⚠️ ${markdownText(info.problem)}`);
  parts.push('Click to choose another environment.');
  return parts.join('\n\n');
}
