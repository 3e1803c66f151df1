/** Typed views of the rule tables in schemas/rules-data/. */
import { schemaBundle } from './schemaData';

export interface ObjectiveLocation {
  location: string;
  beta?: string;
  /** destination_type values meaning this location; null: the location is "n/a" and the row always applies. */
  destinationTypes: string[] | null;
  goals: string[];
  decision?: string;
}

export interface ObjectiveInfo {
  label: string;
  locations: ObjectiveLocation[];
  aaaGoals?: string[];
  note?: string;
}

export interface PromotedObjectRow {
  when: { objective?: string[]; optimization_goal?: string[]; destination_type?: string[] };
  anyOf: string[][];
  label: string;
  note?: string;
}

const objectivesData = schemaBundle.objectives as {
  objectives: Record<string, ObjectiveInfo>;
  conversionEvents: Record<string, Record<string, string[] | null> | null>;
  customEventTypeMap: Record<string, string>;
};

export const objectives = objectivesData.objectives;

/** An objective's spelling without letter case, spaces or dashes: `App Promotion` and `APP_PROMOTION` alike. */
function spelling(text: string): string {
  return text.trim().toUpperCase().replace(/[\s_-]+/g, '_');
}

/** Each outcome objective by its own name and by the word of [2]'s mapping table (its label), as spellings. */
const objectiveBySpelling = new Map<string, string>();
for (const [key, info] of Object.entries(objectives)) {
  objectiveBySpelling.set(spelling(key), key);
  objectiveBySpelling.set(spelling(info.label), key);
}

/**
 * The outcome objective a request's text names: its own name (`OUTCOME_SALES`) or the word [2]'s
 * mapping table writes for it (`Sales`, `SALES`, `App Promotion`), in any letter case; any other
 * text (a legacy objective such as `CONVERSIONS`) as it is written.
 */
export function outcomeObjective(text: string): string {
  return objectiveBySpelling.get(spelling(text)) ?? text;
}
export const conversionEvents = objectivesData.conversionEvents;
export const customEventTypeMap = objectivesData.customEventTypeMap;
export const promotedObjectRows = (schemaBundle.promotedObject as { rules: PromotedObjectRow[] }).rules;

const regions = schemaBundle.regions as {
  eu: { countries: string[]; associatedTerritories: string[] };
  worldwideCountryGroups: string[];
  euCountryGroups: string[];
};
export const euCountries = new Set([...regions.eu.countries, ...regions.eu.associatedTerritories]);
export const worldwideGroups = new Set(regions.worldwideCountryGroups);
export const euGroups = new Set(regions.euCountryGroups);

export interface BucLimit {
  rule: string;
  name: string;
  window: string;
  standard: string;
  advanced?: string;
  code: string;
  per: string;
}

export const limits = schemaBundle.limits as {
  callsPerId: string;
  platform: { rule: string; text: string };
  buc: Record<string, BucLimit>;
  messaging: { rule: string; text: string };
  urlReads: { rule: string; text: string };
  /** Minutes for a usage figure to fall to 0 once calls stop, by source and BUC type. */
  usageWindows: { app: number; adAccount: number; buc: Record<string, number>; default: number };
};

/** [3]'s iOS 14 conditions of ad set creation (schemas/rules-data/ios14.json), for ADSET-IOS14 and the emulator. */
export interface Ios14Data {
  appPromotionObjectives: string[];
  linkClicksGoals: string[];
  installs: string;
  earliestIosVersion: string;
  regularCampaignLatestIosVersion: string;
  scheduleStrategies: string[];
  minScheduleDays: number;
  valueGoals: string[];
  appEventGoals: string[];
  minSocialSdkVersion: string;
  osTargetingKey: string;
  osPattern: string;
  connectionKeys: string[];
  request: Record<string, string>;
  service: Record<string, string>;
}

export const ios14 = schemaBundle.ios14 as Ios14Data;
