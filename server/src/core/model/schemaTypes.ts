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
  'x-rules'?: string[];
  'x-enumRule'?: string;
  'x-requiredRule'?: Record<string, string>;
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
  'x-unknownFieldRule'?: { rule: string; severity: string };
  'x-defaultFields'?: string[];
  'x-node'?: string;
  'x-notShownAfter'?: string;
  /** Members a completion snippet of this object spells out (else its required members). */
  'x-snippetMembers'?: string[];
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
