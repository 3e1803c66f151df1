/**
 * The table of cross-field rules: one small function per rule ID, each registered for the endpoints
 * it applies to. Rules that a schema expresses (types, enums, ranges, required members, version
 * gates, deprecated values) are not here: the schema names their rule ID and validateValue reports them.
 */
import type { Call } from '../analysis/call';
import { bidRules } from './adsetBidRules';
import { budgetRules } from './adsetBudgetRules';
import { goalRules } from './adsetGoalRules';
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

export const crossFieldRules: CrossFieldRule[] = [...budgetRules, ...bidRules, ...goalRules, ...regionRules, ...miscRules, ...urlRules];
