/** The subset of JSON Schema (draft-07) and the `x-` annotations graphreq uses; see docs/schemas.md. */
export interface JsonSchema {
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  definitions?: Record<string, JsonSchema>;
  default?: unknown;
  examples?: unknown[];
  deprecated?: boolean;
  'x-kind'?: string;
  'x-unit'?: string;
  'x-rule'?: string;
  /** The rule of a value that is not of the schema's type at all, where it differs from `x-rule`. */
  'x-typeRule'?: string;
  'x-rules'?: string[];
  'x-enumRule'?: string;
  'x-requiredRule'?: Record<string, string>;
  /** The rule of an empty text below `minLength`, where it differs from `x-rule` (an empty required name is a missing one). */
  'x-emptyRule'?: string;
  'x-enumDescriptions'?: Record<string, string>;
  'x-since'?: string;
  'x-until'?: string;
  'x-versionRule'?: string;
  'x-valueSince'?: Record<string, string>;
  'x-valueUntil'?: Record<string, string>;
  'x-deprecatedValues'?: Record<string, DeprecatedValue>;
  'x-betaValues'?: Record<string, string>;
  'x-limit'?: string;
  'x-doc'?: string;
  'x-connection'?: { modifiers?: Record<string, JsonSchema>; node?: string };
  /** `subfields`: the rule also covers unknown subfields (RULES.md's URL-FIELDS row lists them), instead of REQ-UNKNOWN-FIELD. */
  'x-unknownFieldRule'?: { rule: string; severity: string; subfields?: boolean };
  'x-defaultFields'?: string[];
  'x-node'?: string;
  'x-notShownAfter'?: string;
  /** Members a completion snippet of this object spells out (else its required members). */
  'x-snippetMembers'?: string[];
  /** An amount in the smallest unit of the account currency, shown in currency units by inlay hints: per day, in all, or a bid. */
  'x-money'?: 'daily' | 'lifetime' | 'bid';
  /** Values with a documented meaning of their own (a spend cap's "no cap", an end time's "ongoing"), for inlay hints. */
  'x-valueHints'?: Record<string, string>;
  /** A time whose distance from another parameter's time is worth showing (an end time from `start_time`). */
  'x-durationFrom'?: string;
  /** An object holding a range of days (YYYY-MM-DD) in two members, the last day included. */
  'x-dateRange'?: { from: string; to: string };
  /** The values are optimization goals of the objective mapping (rules-data/objectives.json): completion offers the ones the campaign objective allows first. */
  'x-objectiveGoals'?: boolean;
  /** The span of days an enum value covers, where the value itself says it (`last_7d`: 7 days). */
  'x-enumSpans'?: Record<string, string>;
  [key: string]: unknown;
}

export interface DeprecatedValue {
  message: string;
  rule: string;
  severity?: 'error' | 'warning' | 'info' | 'hint';
  replacement?: string;
  code?: number;
  readOnly?: boolean;
  /** The value is flagged from this version on (and when the version is unknown). */
  from?: string;
}
