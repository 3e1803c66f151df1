/**
 * The objective mapping table ([2] Objective to optimization-goal mapping, schemas/rules-data/objectives.json)
 * as one request reads it: the conversion locations that apply and the goals they allow.
 * ADSET-GOAL-FOR-OBJECTIVE and ADSET-CONVERSION-EVENT check with it, and completion orders goal values by it,
 * so the editor never suggests first what the rule then flags.
 */
import type { Call } from '../analysis/call';
import { objectives, type ObjectiveInfo, type ObjectiveLocation } from '../model/rulesData';
import { hasOwn } from '../own';
import { objective, str, type CampaignValue } from './values';

/** The conversion locations that apply: by destination_type, or all of the objective's when unknown. */
export function locationsFor(call: Call, objectiveName: string): Locations | undefined {
  const info = hasOwn(objectives, objectiveName) ? objectives[objectiveName] : undefined;
  if (!info) return undefined;
  const always = alwaysOf(info);
  if (always.length) return always.found;
  const destination = str(call, 'destination_type');
  return readingOf(info, destination).found;
}

type Locations = { locations: ObjectiveLocation[]; exact: boolean; destination?: string };

/**
 * How the table reads for an objective and a destination, and the goals it allows there: worked out
 * once per pair, not per request (a file's requests name a few objectives thousands of times). Shared:
 * callers only read them.
 */
interface Reading {
  found: Locations;
  allowed: string[];
  decisions: string[];
}

const alwaysFound = new WeakMap<ObjectiveInfo, { length: number; found: Locations }>();
const readings = new WeakMap<ObjectiveInfo, Map<string | undefined, Reading>>();

/** The objective's locations that hold whatever the destination. */
function alwaysOf(info: ObjectiveInfo): { length: number; found: Locations } {
  let a = alwaysFound.get(info);
  if (!a) {
    const always = info.locations.filter((l) => l.destinationTypes === null);
    alwaysFound.set(info, (a = { length: always.length, found: { locations: always, exact: true } }));
  }
  return a;
}

function readingOf(info: ObjectiveInfo, destination: string | undefined): Reading {
  let byDestination = readings.get(info);
  if (!byDestination) readings.set(info, (byDestination = new Map()));
  let r = byDestination.get(destination);
  if (!r) {
    const always = alwaysOf(info);
    let found: Locations;
    if (always.length) found = always.found;
    else {
      const matched = destination ? info.locations.filter((l) => l.destinationTypes?.includes(destination)) : [];
      found = matched.length ? { locations: matched, exact: matched.length === 1, destination } : { locations: info.locations, exact: false, destination };
    }
    r = { found, allowed: [...new Set(found.locations.flatMap((l) => l.goals))], decisions: found.locations.map((l) => l.decision).filter((d): d is string => !!d) };
    // Destinations are whatever the user wrote: bounded.
    if (byDestination.size >= 256) byDestination.clear();
    byDestination.set(destination, r);
  }
  return r;
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
  const info = hasOwn(objectives, obj.value) ? objectives[obj.value] : undefined;
  if (!info) return undefined; // Not an outcome objective: the table does not apply, and graphreq does not guess.
  const reading = readingOf(info, alwaysOf(info).length ? undefined : str(call, 'destination_type'));
  const found = reading.found;
  const single = found.locations.length === 1 && found.locations[0].location !== 'n/a';
  const narrowed = !single && !!found.destination && found.locations.length < info.locations.length;
  const anywhere = !single && !narrowed && found.locations[0].location !== 'n/a';
  const where = single ? ` with conversion location ${found.locations[0].location}` : narrowed ? ` with destination_type ${found.destination}` : anywhere ? ' at any conversion location' : '';
  return {
    objective: obj.value,
    label: info.label,
    from: obj.from,
    fact: obj.fact,
    allowed: reading.allowed,
    where,
    anywhere,
    destination: found.destination,
    decisions: reading.decisions,
  };
}
