/**
 * Ad set creation: goals, objectives and the promoted object.
 * ADSET-GOAL-FOR-OBJECTIVE, ADSET-CONVERSION-EVENT, ADSET-PROMOTED-OBJECT, ADSET-PROMOTED-OTHER,
 * ADSET-FREQ-GOAL. The tables live in schemas/rules-data/ (objectives.json, promoted-object.json).
 */
import type { Call } from '../analysis/call';
import { conversionEvents, customEventTypeMap, objectives, promotedObjectRows } from '../model/rulesData';
import { goalsForObjective, locationsFor } from './objectiveGoals';
import { lacksAppStore } from './adsetIos14Rules';
import type { CrossFieldRule } from './registry';
import type { Location } from './ruleFinding';
import { inlineList, listForMessage } from './suggest';
import { campaignValueAt, campaignValueSource, given, list, obj, objective, str } from './values';

const CREATE = ['adset.create'];
const MAPPING_DOC = '[2] Objective to optimization-goal mapping';

export const goalRules: CrossFieldRule[] = [
  {
    id: 'ADSET-GOAL-FOR-OBJECTIVE',
    endpoints: CREATE,
    check(call, { out }) {
      const goal = str(call, 'optimization_goal');
      const goals = goal ? goalsForObjective(call) : undefined;
      if (!goal || !goals) return;
      const { allowed, label, where, decisions } = goals;
      if (allowed.includes(goal)) return;
      out.push({
        rule: 'ADSET-GOAL-FOR-OBJECTIVE',
        message: `\`optimization_goal\` ${goal} is not allowed for the ${label} objective${where}: use ${inlineList(allowed, 50) ?? `one of its ${allowed.length} goals, such as \`${allowed[0]}\``}.`,
        detail: `The allowed goals${goals.destination ? ` with destination_type ${goals.destination}` : ''} are ${listForMessage(allowed, allowed.length)} (${MAPPING_DOC}; ${campaignValueSource('objective', goals, 'objective')}).${decisions.length === 1 ? ` graphreq's reading of the table (docs/rules.md): ${decisions[0]}` : ''}`,
        at: { kind: 'param', name: 'optimization_goal', part: 'value' },
        related: [{ at: campaignValueAt(goals, 'objective', 'objective'), message: goals.fact ? `the campaign's objective, ${goals.objective}` : 'the objective' }],
        fixes: allowed.slice(0, 3).map((g, i) => ({ kind: 'setValue' as const, title: `Change to \`${g}\``, name: 'optimization_goal', value: g, preferred: i === 0 && allowed.length === 1 })),
        service: { code: 100, blame: ['optimization_goal'] },
      });
    },
  },
  {
    id: 'ADSET-CONVERSION-EVENT',
    endpoints: CREATE,
    check(call, { out }) {
      const obj = objective(call);
      const po = promotedObject(call);
      const type = po && typeof po.custom_event_type === 'string' ? po.custom_event_type : undefined;
      if (!obj || !type || type === 'OTHER') return;
      const found = locationsFor(call, obj.value);
      const table = conversionEvents[obj.value];
      if (!found || !found.exact || !table) return;
      const loc = found.locations[0].location;
      const events = table[loc];
      if (events === undefined || events === null) return; // No list for this location, or any app event.
      const mapped = [...new Set(events.map((e) => customEventTypeMap[e]).filter(Boolean))];
      if (!mapped.length || mapped.includes(type)) return;
      out.push({
        rule: 'ADSET-CONVERSION-EVENT',
        message: `\`promoted_object.custom_event_type\` ${type} is not a conversion event of ${objectives[obj.value].label} / ${loc}: use ${inlineList(mapped, 50) ?? `one of its ${mapped.length} events`}.`,
        detail: `The conversion events of ${objectives[obj.value].label} / ${loc} are ${listForMessage(mapped, mapped.length)} ([2] Conversion events by location).`,
        at: { kind: 'param', name: 'promoted_object', path: ['custom_event_type'] },
      });
    },
  },
  {
    id: 'ADSET-PROMOTED-OBJECT',
    endpoints: CREATE,
    check(call, { out }) {
      const obj = objective(call);
      const goal = str(call, 'optimization_goal');
      const destination = str(call, 'destination_type');
      const po = promotedObject(call);
      if (given(call, 'promoted_object') && !po) return; // Decided at send time.
      if (lacksAppStore(call)) return; // ADSET-IOS14 (2490250) says it for an iOS 14 campaign.
      for (const row of promotedObjectRows) {
        const w = row.when;
        if (w.objective && !(obj && w.objective.includes(obj.value))) continue;
        if (w.optimization_goal && !(goal && w.optimization_goal.includes(goal))) continue;
        if (w.destination_type && !(destination && w.destination_type.includes(destination))) continue;
        const has = (m: string): boolean => !!po && po[m] !== undefined && po[m] !== '';
        if (row.anyOf.some((set) => set.every(has))) continue;
        // The shortest sets first: they are what a message can say in a few words.
        const options = row.anyOf.map((set) => set.map((m) => `\`${m}\``).join(' + ')).join(', or ');
        // The members missing from the set the promoted object comes closest to: the fewest missing, and
        // among those the set with most of its members already written (`event_id` asks for
        // `custom_event_type`, the rest of its own set, not for `pixel_id`, a set of one).
        const missing = po ? row.anyOf.map((set) => ({ lacks: set.filter((m) => !has(m)), written: set.filter(has).length })) : [];
        const lacking = po
          ? missing.reduce((a, b) => (b.lacks.length < a.lacks.length || (b.lacks.length === a.lacks.length && b.written > a.written) ? b : a)).lacks
          : [];
        // What requires the members: the goal or the objective, where a user can see why.
        const cause: Location = w.optimization_goal
          ? { kind: 'param', name: 'optimization_goal', part: 'value' }
          : obj?.from === 'campaign_spec' ? { kind: 'param', name: 'campaign_spec', path: ['objective'] } : { kind: 'missing', name: 'promoted_object' };
        const first = row.anyOf[0].map((m) => `\`${m}\``).join(' + ');
        const shortOptions = options.length <= 60 ? options : `${first} (or one of ${row.anyOf.length - 1} other member sets)`;
        out.push({
          rule: 'ADSET-PROMOTED-OBJECT',
          message: po
            ? `${row.label} needs ${lacking.map((m) => `\`promoted_object.${m}\``).join(' and ')}: add ${lacking.length === 1 ? 'it' : 'them'}.`
            : `${row.label} needs \`promoted_object\` with ${shortOptions}: add it.`,
          detail: `It needs ${options} ([2] promoted_object, required members by objective or goal).`,
          at: po ? { kind: 'param', name: 'promoted_object', part: 'key' } : cause,
          related: po ? [{ at: cause, message: 'what requires these members' }] : undefined,
          fixes: po
            ? lacking.map((m) => ({ kind: 'addParam' as const, title: `Add \`promoted_object.${m}\``, name: 'promoted_object', path: [m], value: '' }))
            : [{ kind: 'addParam', title: `Add \`promoted_object\` with ${row.anyOf[0].join(', ')}`, name: 'promoted_object', value: Object.fromEntries(row.anyOf[0].map((m) => [m, ''])) }],
          service: { code: 100, blame: ['promoted_object'] },
        });
        return;
      }
    },
  },
  {
    id: 'ADSET-PROMOTED-OTHER',
    endpoints: CREATE,
    check(call, { out }) {
      const po = promotedObject(call);
      if (!po || po.custom_event_type !== 'OTHER') return;
      if (typeof po.custom_event_str === 'string' && po.custom_event_str !== '') return;
      out.push({
        rule: 'ADSET-PROMOTED-OTHER',
        message: '`custom_event_type` OTHER needs `custom_event_str`: add the name of the custom event.',
        detail: '([2] promoted_object)',
        at: { kind: 'param', name: 'promoted_object', path: ['custom_event_type'] },
        fixes: [{ kind: 'addParam', title: 'Add `custom_event_str`', name: 'promoted_object', path: ['custom_event_str'], value: '' }],
        service: { code: 100, blame: ['promoted_object'] },
      });
    },
  },
  {
    id: 'ADSET-FREQ-GOAL',
    endpoints: CREATE,
    check(call, { out }) {
      if (!given(call, 'frequency_control_specs')) return;
      const specs = list(call, 'frequency_control_specs');
      if (specs && specs.length === 0) return;
      const goal = str(call, 'optimization_goal');
      if (!goal || goal === 'REACH' || goal === 'THRUPLAY') return;
      out.push({
        rule: 'ADSET-FREQ-GOAL',
        message: `\`frequency_control_specs\` only applies when optimization_goal is REACH or THRUPLAY, not ${goal}: remove it.`,
        detail: '([2] Create an ad set)',
        at: { kind: 'param', name: 'frequency_control_specs', part: 'key' },
        related: [{ at: { kind: 'param', name: 'optimization_goal', part: 'value' }, message: 'the optimization goal' }],
        fixes: [{ kind: 'removeParam', title: 'Remove `frequency_control_specs`', name: 'frequency_control_specs' }],
        service: { code: 100, blame: ['frequency_control_specs'] },
      });
    },
  },
];

function promotedObject(call: Call): Record<string, unknown> | undefined {
  return obj(call, 'promoted_object');
}
