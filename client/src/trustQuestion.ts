/**
 * The question VS Code asks before a token goes to a base URL the workspace chose (the environment
 * picked or not: the pick selects, a commit can change what it resolves to): it names where that base URL came from, graphreq.env.json or the workspace's settings
 * (\`graphreq.baseUrl\`), and which token goes, as the server's refusal does (send/tokenChoice.ts). Plain module (no
 * 'vscode' import), so unit tests can load it.
 */
import type { SendFailure } from '../../server/src/core/send/types';

/**
 * `token`: what would go there, which the confirmation covers (server/src/files/trustStore.ts): the
 * token stored for the environment (the client's own, the usual case), or a variable's value
 * (`failure.trustTokenVariable`), named so that the user knows which of their tokens they let go.
 */
export function trustQuestion(origin: string, from: SendFailure['trustFrom'], token: { variable: string } | { environment: string }): string {
  const source = from === 'workspace-settings' ? "this workspace's settings (graphreq.baseUrl) send" : "this workspace's graphreq.env.json sends";
  const words = 'variable' in token ? `your token ${token.variable}` : `your access token for environment "${token.environment || '(none)'}"`;
  return `GraphReq: ${source} ${words} to ${origin}, which you have not confirmed for this workspace. Send it there?`;
}
