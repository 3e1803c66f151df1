/**
 * The table of cross-field rules: one small function per rule ID, each registered for the endpoints
 * it applies to. Rules that a schema expresses (types, enums, ranges, required members, version
 * gates, deprecated values) are not here: the schema names their rule ID and validateValue reports them.
 */
import type { Call } from '../analysis/call';
import { accountContextRules } from './accountContextRules';
import { batchRules } from './batchRules';
import { bidRules } from './adsetBidRules';
import { budgetRules } from './adsetBudgetRules';
import { goalRules } from './adsetGoalRules';
import { ios14Rules } from './adsetIos14Rules';
import { miscRules } from './adsetMiscRules';
import { regionRules } from './adsetRegionRules';
import type { RuleContext } from './engine';
import { urlRules } from './urlRules';

export interface CrossFieldRule {
  /** The RULES.md ID. */
  id: string;
  /** Endpoint ids of schemas/endpoints.json. */
  endpoints: string[];
  check(call: Call, ctx: RuleContext): void;
}

// iOS 14 before the goal rules: a missing app store id or URL is its 2490250 in an iOS 14 campaign.
export const crossFieldRules: CrossFieldRule[] = [...budgetRules, ...bidRules, ...ios14Rules, ...goalRules, ...regionRules, ...miscRules, ...urlRules, ...accountContextRules, ...batchRules];
