/**
 * The account context: what the rules need to know about the ad accounts, campaigns and apps a file
 * names, and about the service, that the request itself does not say (docs/format.md, "What graphreq
 * knows about the account"). Each fact carries where it came from and when, so a finding that used one
 * can say so ("objective OUTCOME_AWARENESS, from the emulator's state").
 *
 * The host builds it (server/src/account/): from the embedded emulator's state when no base URL is
 * set, from reads of an environment's service when the user turned that on, and from the responses of
 * requests sent. It reaches the rules in the environment (`Environment.context`); directives written
 * in the file (`# @objective`, `# @campaign-budget`, ...) and graphreq.env.json's settings win over it.
 */
import { own } from '../own';

/** Where a fact came from. */
export type FactSource =
  /** The workspace's embedded emulator: its state file (or its seed data before the first send), or its configuration. */
  | { kind: 'emulator'; of?: 'state' | 'configuration' }
  /** A read of the environment's service (`GET ...?ids=`), opted in by the user. */
  | { kind: 'environment'; environment?: string }
  /** The response of a request sent from the workspace. */
  | { kind: 'response'; request?: string };

export interface Fact<T> {
  value: T;
  source: FactSource;
  /** When it was read (ms since the epoch). */
  at: number;
}

export type CampaignBudgetKind = 'daily' | 'lifetime' | 'none';

export interface CampaignFacts {
  /** The digits of the ad account that holds it. */
  account?: string;
  objective?: Fact<string>;
  buyingType?: Fact<string>;
  budget?: Fact<CampaignBudgetKind>;
  bidStrategy?: Fact<string>;
  /** `ios14` for an iOS 14 app campaign (ADSET-IOS14), else `regular`. */
  campaignType?: Fact<'ios14' | 'regular'>;
}

export interface AdAccountFacts {
  dsaPayor?: Fact<string>;
  dsaBeneficiary?: Fact<string>;
  /** ISO 4217: budgets and bids are written in its smallest unit. */
  currency?: Fact<string>;
  activeAds?: Fact<number>;
}

export interface AppFacts {
  storeUrl?: Fact<string>;
  /** The custom_event_type values of the app events set up for it. */
  events?: Fact<string[]>;
}

export interface ServiceFacts {
  /** Release dates (YYYY-MM-DD) by version: the version rules' table. */
  releases?: Fact<Record<string, string>>;
  latestVersion?: Fact<string>;
  /** When the calling app first called (YYYY-MM-DD), for [3] Versioning 5. */
  firstCall?: Fact<string>;
}

/** What the context describes, which decides what an unknown campaign means. */
export type ContextTarget =
  /** The embedded emulator: its state is all there is, so a campaign it does not hold does not exist there. */
  | { kind: 'emulator' }
  /**
   * An environment's service: only what was read is known. `fetch` is on when the user turned
   * reading on (`graphreq.context`, `check --context`): an unknown campaign can then be fetched.
   */
  | { kind: 'environment'; name?: string; fetch: boolean };

export interface AccountContext {
  target: ContextTarget;
  /** By campaign id. */
  campaigns: Record<string, CampaignFacts>;
  /** By the digits of the ad account id (no `act_`). */
  accounts: Record<string, AdAccountFacts>;
  /** By application id. */
  apps: Record<string, AppFacts>;
  service: ServiceFacts;
  /** Changes whenever a fact changes: it stands for the context in the keys of the per-block caches. */
  key: string;
}

export function emptyContext(target: ContextTarget): AccountContext {
  return { target, campaigns: Object.create(null), accounts: Object.create(null), apps: Object.create(null), service: {}, key: '' };
}

export function campaignFacts(ctx: AccountContext | undefined, id: string | undefined): CampaignFacts | undefined {
  return ctx && id ? own(ctx.campaigns, id) : undefined;
}

/** The account's facts; `id` with or without `act_`. */
export function accountFacts(ctx: AccountContext | undefined, id: string | undefined): AdAccountFacts | undefined {
  return ctx && id ? own(ctx.accounts, id.replace(/^act_/, '')) : undefined;
}

/** Where a fact came from, for a finding's detail: "from the emulator's state". */
export function describeSource(source: FactSource): string {
  switch (source.kind) {
    case 'emulator':
      return `from the emulator's ${source.of ?? 'state'}`;
    case 'environment':
      return `read from the service of ${source.environment ? `environment ${source.environment}` : 'the environment'}`;
    case 'response':
      return `from the response of ${source.request ? `\`${source.request}\`` : 'a request sent'}`;
  }
}

/** One fact as a finding's detail says it: "objective OUTCOME_AWARENESS, from the emulator's state". */
export function describeFact(what: string, fact: Fact<unknown>): string {
  const value = Array.isArray(fact.value) ? fact.value.join(', ') : typeof fact.value === 'object' ? '' : String(fact.value);
  return `${what}${value ? ` ${value}` : ''}, ${describeSource(fact.source)}`;
}
