/**
 * ADSET-CAMPAIGN-UNKNOWN: an ad set created in an existing campaign whose facts a rule needs (the
 * objective for ADSET-GOAL-FOR-OBJECTIVE, the budget for ADSET-BUDGET-POSITIVE and
 * ADSET-CAMPAIGN-BUDGET-NEEDED) when neither the file nor the account context knows them. Said once
 * per request, as a hint with the fixes that make the rules work: a directive, or reading the context.
 *
 * Only when the host gave a context (core/account/accountContext.ts): without one (the emulator's own
 * checks, `check --no-context`), nothing is known by choice, and nothing is said.
 */
import { describeSource } from '../account/accountContext';
import type { CrossFieldRule } from './registry';
import type { FixSpec } from './ruleFinding';
import { campaignBudget, given, objective, str } from './values';

/** What a missing fact is called, and the directive that says it. */
const NEEDS = {
  objective: { what: 'objective', directive: 'objective' },
  budget: { what: 'budget', directive: 'campaign-budget' },
} as const;

const SPEND_TARGETS = ['daily_min_spend_target', 'daily_spend_cap', 'lifetime_min_spend_target', 'lifetime_spend_cap'];

export const accountContextRules: CrossFieldRule[] = [
  {
    id: 'ADSET-CAMPAIGN-UNKNOWN',
    endpoints: ['adset.create'],
    check(call, { out, model }) {
      const context = call.env.context;
      if (!context) return;
      const id = call.params.get('campaign_id');
      if (!id || id.opaque || given(call, 'campaign_spec') || (typeof id.value !== 'string' && typeof id.value !== 'number')) return;
      const needs: Array<keyof typeof NEEDS> = [];
      if (str(call, 'optimization_goal') && !objective(call)) needs.push('objective');
      const noBudget = !given(call, 'daily_budget') && !given(call, 'lifetime_budget');
      if ((noBudget || SPEND_TARGETS.some((n) => given(call, n))) && !campaignBudget(call)) needs.push('budget');
      if (!needs.length) return;
      const campaign = String(id.value).trim();
      const what = needs.map((n) => NEEDS[n].what).join(' and ');
      const directives = needs.map((n) => `\`# @${NEEDS[n].directive}\``).join(' and ');
      const target = context.target;
      const message =
        target.kind === 'emulator'
          ? `Campaign ${campaign} is not in the emulator's state, which refuses it; its ${what} unknown: add ${directives}.`
          : `The campaign's ${what} ${needs.length > 1 ? 'are' : 'is'} not known: add ${directives}${target.fetch ? ', or fetch the account context' : ', or turn on reading the account context'}.`;
      const fixes: FixSpec[] = [];
      // Reading is turned on for this environment: the editor can read the campaign now.
      if (target.kind === 'environment' && target.fetch) fixes.push({ kind: 'fetchContext', title: `Fetch the account context${target.name ? ` of \`${target.name}\`` : ''}`, preferred: true });
      for (const n of needs) {
        for (const value of model.directiveValues[NEEDS[n].directive] ?? []) fixes.push({ kind: 'addDirective', title: `Add \`# @${NEEDS[n].directive} ${value}\``, name: NEEDS[n].directive, value });
      }
      out.push({
        rule: 'ADSET-CAMPAIGN-UNKNOWN',
        message,
        detail:
          target.kind === 'emulator'
            ? `The account context is ${describeSource({ kind: 'emulator' })}: the campaigns of its seed data and those created since (docs/emulator.md, Seed data); use one of them, or say what the rules need with ${directives}. Without the campaign's ${what}, the rules that need ${needs.length > 1 ? 'them' : 'it'} stay quiet.`
            : `Without the campaign's ${what}, the rules that need ${needs.length > 1 ? 'them' : 'it'} stay quiet. The environment's account context is read from its service on request (graphreq.context "environment", check --context; docs/format.md).`,
        at: { kind: 'param', name: 'campaign_id', part: 'value' },
        fixes,
      });
    },
  },
];
