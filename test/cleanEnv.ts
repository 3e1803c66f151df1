/**
 * The environment of a user who set nothing, for the CLI and the language server run by tests: none
 * of the developer's GRAPHREQ_* (a token, GRAPHREQ_ENV, GRAPHREQ_CONFIG_DIR), no colour settings,
 * and not node:test's own marker. A test that needs a variable passes it: a test can then neither
 * pass nor fail because of the shell it was started from.
 */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith('GRAPHREQ_') || k === 'NO_COLOR' || k === 'FORCE_COLOR' || k === 'NODE_TEST_CONTEXT') continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}
