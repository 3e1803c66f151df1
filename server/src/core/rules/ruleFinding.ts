/**
 * What a rule reports: a message and *where*, as a location in the request's terms (a parameter, a
 * member inside it, a field-list item, a modifier) rather than an offset. The editor turns locations
 * into spans through the syntax tree (features/locate.ts); the emulator turns them into error
 * envelopes and blame_field_specs. That is how one rule engine serves both.
 */
import type { FieldItem, FieldModifier } from '../syntax/fields';
import type { JsonPath } from '../syntax/jsonBody';
import type { Severity, Span } from '../types';

export type Location =
  /** A parameter (query, form or body) or a member inside its value. */
  | { kind: 'param'; name: string; path?: JsonPath; part?: 'value' | 'key' }
  /** A required member that is absent: shown at its parent object (or the request line). */
  | { kind: 'missing'; name: string; path?: JsonPath }
  | { kind: 'field'; item: FieldItem }
  | { kind: 'modifier'; modifier: FieldModifier; part?: 'name' | 'arg' }
  | { kind: 'method' }
  | { kind: 'path'; segment?: number }
  | { kind: 'version' }
  | { kind: 'request' }
  | { kind: 'directive'; name: string }
  | { kind: 'header'; name: string }
  /** Already a span, relative to the block (syntax errors, header values). */
  | { kind: 'span'; span: Span };

export type FixSpec =
  | { kind: 'setValue'; title: string; name: string; path?: JsonPath; value: unknown; preferred?: boolean; fixAll?: boolean }
  | { kind: 'addParam'; title: string; name: string; value: unknown; path?: JsonPath; preferred?: boolean; fixAll?: boolean }
  /** Adds several top-level parameters, each with `value`, in one edit (the missing dsa_payor and dsa_beneficiary). */
  | { kind: 'addParams'; title: string; names: string[]; value: unknown; preferred?: boolean; fixAll?: boolean }
  | { kind: 'removeParam'; title: string; name: string; preferred?: boolean; fixAll?: boolean }
  | { kind: 'renameParam'; title: string; name: string; path?: JsonPath; newName: string; preferred?: boolean; fixAll?: boolean }
  /** Replaces the text at the finding's own location. */
  | { kind: 'replaceAt'; title: string; text: string; preferred?: boolean; fixAll?: boolean }
  | { kind: 'removeHeader'; title: string; name: string; preferred?: boolean; fixAll?: boolean }
  /** Replaces a query/form parameter's value with `value` (already encoded) and removes the parameters it absorbs. */
  | { kind: 'encodeParam'; title: string; name: string; value: string; absorb: string[]; preferred?: boolean; fixAll?: boolean }
  /** Adds the directive `# @name value` on its own line before the request line. */
  | { kind: 'addDirective'; title: string; name: string; value: string; preferred?: boolean; fixAll?: boolean }
  /** No edit: the host reads the account context of the document's environment (the editor's command). */
  | { kind: 'fetchContext'; title: string; preferred?: boolean; fixAll?: false };

/** What the emulator needs to answer a finding as the service would. */
export interface ServiceError {
  code: number;
  subcode?: number;
  /** The service's own message, where it is known ("Invalid parameter" for code 100 otherwise). */
  message?: string;
  /** Members named in error_data.blame_field_specs. */
  blame?: string[];
  userTitle?: string;
  userMessage?: string;
}

export interface RuleFinding {
  rule: string;
  /** Defaults to the rule's severity in schemas/rules.json. */
  severity?: Severity;
  /** One sentence: what is wrong and the fix, at most about 160 characters. */
  message: string;
  /** The long form: allowed values, parameters or fields, the document reference (hover, JSON output). */
  detail?: string;
  at: Location;
  related?: Array<{ at: Location; message: string }>;
  fixes?: FixSpec[];
  service?: ServiceError;
  tags?: Array<'unnecessary' | 'deprecated'>;
  /** Parameters this finding explains (the tail of a URL cut at `&`): no REQ-UNKNOWN-PARAM for them. */
  absorbs?: string[];
  /**
   * The parameter's value cannot be used as written (wrong type, value not allowed, out of range, not
   * available in this version). The cross-field rules then treat the parameter as unknown, so one
   * mistake is reported once rather than again by every rule that reads the value.
   */
  rejectsValue?: boolean;
}
