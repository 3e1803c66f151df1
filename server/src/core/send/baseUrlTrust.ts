/**
 * Whether a base URL was chosen by the user, so that the token may go there. A base URL typed by
 * the user (`--base-url`, the user's own settings, an editor's command arguments) was. One read from
 * the repository (graphreq.env.json, a workspace's settings file) is data anyone with write access
 * to the repository chose; it is obeyed when:
 *
 * - the user named the environment it comes from for this run or workspace (`--env`, an explicit
 *   `--env-file`, the editor's picker, the user's own settings; not GRAPHREQ_ENV, which is set for
 *   every repository alike), or
 * - the user confirmed its origin once for this workspace (a trust record kept outside the
 *   repository: server/src/files/trustStore.ts).
 *
 * A loopback address is no exception: on a shared machine another user's process may listen on
 * that port, and the repository chose the port. Only the embedded emulator (no base URL, its lock
 * signed with the user's key) is sent to without a choice.
 *
 * An environment file outside the workspace is never read at all (server/src/files/envFile.ts).
 * The rules are written out in docs/sending.md, "Where the token goes".
 */
import { originOf } from './rateLimits';

/** Where the base URL came from. */
export type BaseUrlSource = 'user' | 'workspace-file';

export interface BaseUrlTrustInput {
  baseUrl: string;
  source: BaseUrlSource;
  /** The user named the environment whose baseUrl this is. */
  environmentNamed: boolean;
  /** Origins the user confirmed for this workspace. */
  trustedOrigins: readonly string[];
}

export type BaseUrlTrust = { ok: true; origin: string } | { ok: false; origin: string };

export function baseUrlTrust(input: BaseUrlTrustInput): BaseUrlTrust {
  const origin = originOf({ baseUrl: input.baseUrl });
  if (input.source === 'user' || input.environmentNamed) return { ok: true, origin };
  return { ok: input.trustedOrigins.includes(origin), origin };
}
