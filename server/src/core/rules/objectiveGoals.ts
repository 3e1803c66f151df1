/**
 * The objective mapping table ([2] Objective to optimization-goal mapping, schemas/rules-data/objectives.json)
 * as one request reads it: the conversion locations that apply and the goals they allow.
 * ADSET-GOAL-FOR-OBJECTIVE and ADSET-CONVERSION-EVENT check with it, and completion orders goal values by it,
 * so the editor never suggests first what the rule then flags.
 */
import type { Call } from '../analysis/call';
import { objectives, type ObjectiveLocation } from '../model/rulesData';
import { objective, str, type CampaignValue } from './values';

/** The conversion locations that apply: by destination_type, or all of the objective's when unknown. */
export function locationsFor(call: Call, objectiveName: string): { locations: ObjectiveLocation[]; exact: boolean; destination?: string } | undefined {
  const info = objectives[objectiveName];
  if (!info) return undefined;
  const always = info.locations.filter((l) => l.destinationTypes === null);
  if (always.length) return { locations: always, exact: true };
  const destination = str(call, 'destination_type');
  const matched = destination ? info.locations.filter((l) => l.destinationTypes?.includes(destination)) : [];
  if (matched.length) return { locations: matched, exact: matched.length === 1, destination };
  return { locations: info.locations, exact: false, destination };
}

/** The goals the request's objective allows, and how the table was read. */
export interface ObjectiveGoals {
  /** The objective as written (`OUTCOME_TRAFFIC`) and its label in the table (`Traffic`). */
  objective: string;
  label: string;
  from: CampaignValue<string>['from'];
  /** The account context's fact, when the objective came from there. */
  fact?: CampaignValue<string>['fact'];
  /** Allowed goals, in the table's order (the first location's first). */
  allowed: string[];
  /** Where the goals hold, for messages: ` with conversion location Website`, ` with destination_type WEBSITE`, or ''. */
  where: string;
  /** No destination narrowed the locations: a goal is allowed when some location of the objective allows it. */
  anywhere: boolean;
  destination?: string;
  /** graphreq's readings of the table that decided the locations (docs/rules.md). */
  decisions: string[];
}

/** The allowed goals for the request's campaign objective; undefined when the objective is unknown or not in the table. */
export function goalsForObjective(call: Call): ObjectiveGoals | undefined {
  const obj = objective(call);
  if (!obj) return undefined;
  const found = locationsFor(call, obj.value);
  if (!found) return undefined; // Not an outcome objective: the table does not apply, and graphreq does not guess.
  const info = objectives[obj.value];
  const single = found.locations.length === 1 && found.locations[0].location !== 'n/a';
  const narrowed = !single && !!found.destination && found.locations.length < info.locations.length;
  const anywhere = !single && !narrowed && found.locations[0].location !== 'n/a';
  const where = single ? ` with conversion location ${found.locations[0].location}` : narrowed ? ` with destination_type ${found.destination}` : anywhere ? ' at any conversion location' : '';
  return {
    objective: obj.value,
    label: info.label,
    from: obj.from,
    fact: obj.fact,
    allowed: [...new Set(found.locations.flatMap((l) => l.goals))],
    where,
    anywhere,
    destination: found.destination,
    decisions: found.locations.map((l) => l.decision).filter((d): d is string => !!d),
  };
}
