/**
 * The question VS Code asks before a token goes to a base URL the workspace chose and the user did
 * not: it names where that base URL came from, graphreq.env.json or the workspace's settings
 * (\`graphreq.baseUrl\`), as the server's refusal does (send/tokenChoice.ts). Plain module (no
 * 'vscode' import), so unit tests can load it.
 */
import type { SendFailure } from '../../server/src/core/send/types';

export function trustQuestion(origin: string, from: SendFailure['trustFrom']): string {
  const source = from === 'workspace-settings' ? "this workspace's settings (graphreq.baseUrl) send" : "this workspace's graphreq.env.json sends";
  return `GraphReq: ${source} your access token to ${origin}, which you have not chosen. Send it there?`;
}
