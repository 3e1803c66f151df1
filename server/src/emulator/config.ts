/**
 * The emulator's configuration: which tokens exist, the version table, the quota inputs of the
 * documented formulas, the service limits, and the two choices the documents leave open (flagged
 * assets, expired versions). docs/emulator.md documents every key and its default; a config file
 * (`graphreq serve --config FILE`) is merged over the defaults.
 */

/** What a token stands for: [3] meters calls per app, per user and per business use case. */
export interface TokenGrant {
  app: string;
  user: string;
  business: string;
  /** [3] Authentication: user tokens follow the per-user limit as well as the per-app one. */
  kind: 'user' | 'app' | 'page' | 'system_user';
  /** [1] Only developers of the calling app can read threads (THREAD-CALLER). */
  developer: boolean;
}

/** The inputs of the per-app formulas of [3] Limits. */
export interface AppSettings {
  /** Unique daily active users: the app may make 200 x this many calls per hour (LIMIT-PLATFORM). */
  dailyActiveUsers: number;
  /** Ads API access tier: development_access (the default tier) or standard_access (more quota). */
  accessTier: 'development_access' | 'standard_access';
  /** Users the business can message: the messaging app API allows 200 x this many calls per 24 hours. */
  engagedUsers: number;
  /** When the app first called (YYYY-MM-DD), for [3] Versioning 5; unset: its first call to the emulator. */
  firstCall?: string;
}

/** The inputs of the per-account formulas, and the account kind for ADSET-ACCOUNT-LIMIT. */
export interface AccountSettings {
  /**
   * Active ads of the account: ads management allows 300 (or 100000) + 40 x this many calls per
   * hour. Unset (the default), the emulator counts the account's ACTIVE ads in its own state; set,
   * it stands for ads the emulator does not hold.
   */
  activeAds?: number;
  /** A bulk ad account holds 10000 non-deleted ad sets instead of 5000. */
  bulk: boolean;
}

export interface EmulatorConfig {
  /** The newest version; must be in `releases`. */
  latestVersion: string;
  /** Used by calls without a version segment (the app dashboard's setting, [3] Versioning 4). Defaults to latestVersion. */
  defaultVersion?: string;
  /** Release dates (YYYY-MM-DD) by version. A version expires two years after its successor's release. */
  releases: Record<string, string>;
  /** A call to an expired version: `fail` answers 2635; `route` answers from the nearest available version. */
  expiredVersions: 'fail' | 'route';
  /** ADSET-FLAGGED-AUDIENCE: `block` refuses with 246003/246004; `issues_info` accepts and reports entries 2460003/2460004. */
  flaggedAssets: 'block' | 'issues_info';
  tokens: Record<string, TokenGrant>;
  /** Per app id; apps not listed use `defaultApp`. */
  apps: Record<string, Partial<AppSettings>>;
  defaultApp: AppSettings;
  /** Per `act_<id>`; accounts not listed use `defaultAccount`. */
  accounts: Record<string, Partial<AccountSettings>>;
  defaultAccount: AccountSettings;
  /** [3] says the per-user limit exists but hides its value: this is the emulator's stand-in, per hour. */
  userCallsPerHour: number;
  /** Documented limits of [1] and [2]; changeable so tests can reach them. */
  limits: {
    adSetsPerAccount: number;
    adSetsPerBulkAccount: number;
    adSetsPerIos14Campaign: number;
    adsPerAdSet: number;
    deepCopyChildAds: number;
    urlReadsPerHour: number;
  };
  /**
   * The emulator does no real work, so CPU time and elapsed time are charged per call as a share of
   * a call's allowance: with 0.5, total_cputime is half of call_count and calls bind first.
   */
  cpuShare: number;
  timeShare: number;
  /** Shrinks windows and quotas so that limits are reachable in a test; the formulas stay the documented ones. */
  testMode: boolean;
  testScale: { window: number; quota: number };
  /** Larger request bodies are answered 413. */
  maxBodyBytes: number;
  /**
   * Connection timeouts: a connection that has not sent its request line and headers within
   * `headersMs`, or its whole request within `requestMs`, is closed (408); an idle keep-alive
   * connection after `keepAliveMs`, any silent socket after `idleMs`.
   */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number; idleMs: number };
  /** At most this many open connections, so sockets never exhaust the file descriptors the state file needs; at the cap the oldest one without a call in progress makes room (connectionCap.ts). */
  maxConnections: number;
  /** Host names besides localhost, 127.0.0.1 and [::1] that reach a loopback emulator (see origin.ts). */
  allowedHosts: string[];
  /** Test mode only: `/__graphreq/clock` moves the emulator's clock forward (docs/emulator.md, The clock). */
  testClock: boolean;
}

/** The defaults, as documented in docs/emulator.md. Release dates are illustrative: [3] does not show them. */
export const defaultConfig: EmulatorConfig = {
  latestVersion: 'v26.0',
  releases: {
    'v3.0': '2018-05-01',
    'v3.1': '2018-07-26',
    'v3.2': '2018-10-23',
    'v3.3': '2019-04-30',
    'v4.0': '2019-07-29',
    'v5.0': '2019-10-29',
    'v6.0': '2020-02-03',
    'v7.0': '2020-05-05',
    'v8.0': '2020-08-04',
    'v9.0': '2020-11-10',
    'v10.0': '2021-02-23',
    'v11.0': '2021-06-08',
    'v12.0': '2021-10-05',
    'v13.0': '2022-02-08',
    'v14.0': '2022-05-25',
    'v15.0': '2022-09-15',
    'v16.0': '2023-02-02',
    'v17.0': '2023-05-23',
    'v18.0': '2023-09-12',
    'v19.0': '2024-01-23',
    'v20.0': '2024-05-21',
    'v21.0': '2024-10-02',
    'v22.0': '2025-01-21',
    'v23.0': '2025-05-29',
    'v24.0': '2025-10-08',
    'v25.0': '2026-02-18',
    'v26.0': '2026-06-10',
  },
  expiredVersions: 'fail',
  flaggedAssets: 'block',
  tokens: {
    'demo-token': { app: '1', user: '1', business: '1', kind: 'user', developer: true },
    'demo-viewer-token': { app: '1', user: '2', business: '1', kind: 'user', developer: false },
  },
  apps: {},
  defaultApp: { dailyActiveUsers: 100, accessTier: 'development_access', engagedUsers: 10 },
  accounts: {},
  // activeAds undefined: counted in the state (a config file's `"activeAds": null` returns to it).
  defaultAccount: { activeAds: undefined, bulk: false },
  userCallsPerHour: 4800,
  limits: {
    adSetsPerAccount: 5000,
    adSetsPerBulkAccount: 10000,
    adSetsPerIos14Campaign: 5,
    adsPerAdSet: 50,
    deepCopyChildAds: 3,
    urlReadsPerHour: 10,
  },
  cpuShare: 0.5,
  timeShare: 0.5,
  testMode: false,
  testScale: { window: 1 / 60, quota: 1 / 100 },
  maxBodyBytes: 1024 * 1024,
  timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, idleMs: 30_000 },
  maxConnections: 512,
  allowedHosts: [],
  testClock: false,
};

export function appSettings(config: EmulatorConfig, app: string): AppSettings {
  return { ...config.defaultApp, ...config.apps[app] };
}

export function accountSettings(config: EmulatorConfig, account: string): AccountSettings {
  return { ...config.defaultAccount, ...config.accounts[`act_${account}`] };
}

/**
 * Merges `over` into `base`: objects merge key by key, anything else replaces, and `null` removes a
 * key (so a config file can drop the demo tokens). The release table is replaced as a whole: a
 * table merged with the default one would keep versions the configuration means to leave out.
 */
export function mergeConfig(base: EmulatorConfig, over: unknown): EmulatorConfig {
  const merged = mergeValue(base, over) as EmulatorConfig;
  if (isPlainObject(over) && isPlainObject(over.releases)) merged.releases = { ...over.releases } as Record<string, string>;
  checkConfig(merged);
  return merged;
}

function mergeValue(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (v === null) delete out[k];
    else out[k] = mergeValue(out[k], v);
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Throws one readable Error for the first thing in the merged configuration that cannot work. */
export function checkConfig(c: EmulatorConfig): void {
  const fail = (what: string): never => {
    throw new Error(`emulator config: ${what}`);
  };
  const version = /^v\d+\.\d+$/;
  if (!isPlainObject(c.releases)) fail('releases must map versions to dates');
  for (const [v, d] of Object.entries(c.releases)) {
    if (!version.test(v)) fail(`releases: "${v}" is not a version (v<major>.<minor>)`);
    if (typeof d !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(d)) fail(`releases: ${v} needs a YYYY-MM-DD date`);
  }
  if (typeof c.latestVersion !== 'string' || !(c.latestVersion in c.releases)) fail(`latestVersion ${String(c.latestVersion)} must be a version of the releases table`);
  if (c.defaultVersion !== undefined && (typeof c.defaultVersion !== 'string' || !version.test(c.defaultVersion))) fail(`defaultVersion ${String(c.defaultVersion)} must be a version (v<major>.<minor>)`);
  if (c.expiredVersions !== 'fail' && c.expiredVersions !== 'route') fail('expiredVersions must be "fail" or "route"');
  if (c.flaggedAssets !== 'block' && c.flaggedAssets !== 'issues_info') fail('flaggedAssets must be "block" or "issues_info"');
  if (!isPlainObject(c.tokens)) fail('tokens must map token strings to grants');
  for (const [token, g] of Object.entries(c.tokens)) {
    if (!isPlainObject(g) || typeof g.app !== 'string' || typeof g.user !== 'string' || typeof g.business !== 'string') {
      fail(`tokens["${token.slice(0, 12)}..."] needs app, user and business ids as strings`);
    }
    if (!['user', 'app', 'page', 'system_user'].includes(g.kind)) fail(`tokens: kind must be user, app, page or system_user`);
    if (typeof g.developer !== 'boolean') fail('tokens: developer must be true or false');
  }
  const positive = (name: string, v: unknown): void => {
    if (typeof v !== 'number' || !isFinite(v) || v < 0) fail(`${name} must be a number of at least 0`);
  };
  for (const [name, app] of [['defaultApp', c.defaultApp], ...Object.entries(c.apps).map(([k, v]) => [`apps.${k}`, v] as const)] as const) {
    if (!isPlainObject(app)) fail(`${name} must be an object`);
    if (app.dailyActiveUsers !== undefined) positive(`${name}.dailyActiveUsers`, app.dailyActiveUsers);
    if (app.engagedUsers !== undefined) positive(`${name}.engagedUsers`, app.engagedUsers);
    if (app.accessTier !== undefined && app.accessTier !== 'development_access' && app.accessTier !== 'standard_access') fail(`${name}.accessTier must be development_access or standard_access`);
    if (app.firstCall !== undefined && (typeof app.firstCall !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(app.firstCall))) fail(`${name}.firstCall must be a YYYY-MM-DD date`);
  }
  for (const [name, acc] of [['defaultAccount', c.defaultAccount], ...Object.entries(c.accounts).map(([k, v]) => [`accounts.${k}`, v] as const)] as const) {
    if (!isPlainObject(acc)) fail(`${name} must be an object`);
    if (acc.activeAds !== undefined) positive(`${name}.activeAds`, acc.activeAds);
  }
  positive('userCallsPerHour', c.userCallsPerHour);
  for (const [k, v] of Object.entries(c.limits)) positive(`limits.${k}`, v);
  positive('cpuShare', c.cpuShare);
  positive('timeShare', c.timeShare);
  if (!(c.testScale.window > 0) || !(c.testScale.quota > 0)) fail('testScale.window and testScale.quota must be greater than 0');
  if (!(c.maxBodyBytes > 0)) fail('maxBodyBytes must be greater than 0');
  if (!isPlainObject(c.timeouts)) fail('timeouts must be an object');
  for (const k of ['headersMs', 'requestMs', 'keepAliveMs', 'idleMs'] as const) {
    if (!Number.isInteger(c.timeouts[k]) || c.timeouts[k] < 1) fail(`timeouts.${k} must be a whole number of milliseconds, at least 1`);
  }
  if (!Number.isInteger(c.maxConnections) || c.maxConnections < 1) fail('maxConnections must be a whole number of at least 1');
  if (!Array.isArray(c.allowedHosts) || !c.allowedHosts.every((h) => typeof h === 'string' && /^[a-z0-9.-]+$/i.test(h))) fail('allowedHosts must be a list of host names');
  if (typeof c.testClock !== 'boolean') fail('testClock must be true or false');
}
