/**
 * Plain types shared by every part of the core. No LSP or VS Code types: the LSP layer converts.
 * Offsets are UTF-16 code-unit offsets into the document text, as JavaScript strings count them.
 */
import type { AccountContext } from './account/accountContext';

/** A half-open range of offsets [start, end). */
export interface Span {
  start: number;
  end: number;
}

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface TextEdit {
  span: Span;
  newText: string;
}

/** A mechanical fix for a finding, computed by the core so the LSP server and `graphreq check --fix` share it. */
export interface Fix {
  title: string;
  edits: TextEdit[];
  /** The fix an editor may apply with one keystroke. */
  preferred?: boolean;
  /** Safe to apply without looking, as part of "fix all in file". */
  fixAll?: boolean;
  /**
   * Instead of edits (`edits` is empty), an action of the host: `fetchAccountContext` reads the
   * account context of the document's environment (the editor's `graphreq.fetchContext`).
   */
  command?: 'fetchAccountContext';
}

/** A second place involved in a finding (for example the `lifetime_budget` that needs a missing `end_time`). */
export interface RelatedSpan {
  span: Span;
  message: string;
}

/** One diagnostic of the core, with its rule ID as `code`. */
export interface Finding {
  code: string;
  severity: Severity;
  /** One sentence: what is wrong and the fix (at most about 160 characters; see docs/rules.md). */
  message: string;
  /**
   * The long form, for hover on the squiggle and `graphreq check --format json`: the allowed values,
   * parameters or fields, and where the documents say so. Never sent with the diagnostic itself.
   */
  detail?: string;
  span: Span;
  related?: RelatedSpan[];
  fixes?: Fix[];
  /** Rendered faded (unnecessary) or struck through (deprecated) by editors that support it. */
  tags?: Array<'unnecessary' | 'deprecated'>;
}

/** The environment a file is checked and sent in: graphreq.env.json's `$shared` merged with one environment. */
export interface Environment {
  /** Environment name, for messages. */
  name?: string;
  /** Variables available as {{name}}. */
  variables: Record<string, string>;
  /** Version used by calls without a version segment (the app's dashboard default). */
  defaultVersion?: string;
  /** The newest version the service publishes; used for unversioned calls when no default is configured. */
  latestVersion?: string;
  /** Release dates (YYYY-MM-DD) by version, for REQ-VERSION-EXPIRED. */
  releases?: Record<string, string>;
  /** Account defaults for regional regulation, for every account or per act_<id>. */
  defaultDsaPayor?: string;
  defaultDsaBeneficiary?: string;
  accounts?: Record<string, { default_dsa_payor?: string; default_dsa_beneficiary?: string; currency?: string; activeAds?: number }>;
  /** The ad accounts' currency (ISO 4217): budgets and bids are written in its smallest unit. Per account in `accounts`. */
  currency?: string;
  /** Inputs of the documented rate-limit formulas, for the forecast before sending a file (graphreq.env.json `limits`). */
  limits?: { dailyActiveUsers?: number; accessTier?: string; activeAds?: number; engagedUsers?: number };
  /**
   * What is known of the accounts, campaigns and the service (core/account/accountContext.ts): the
   * host fills it; the file's directives and the settings above win over it.
   */
  context?: AccountContext;
  /** Today's date (YYYY-MM-DD); injected so the core stays deterministic. */
  today?: string;
  /**
   * Where sends go (graphreq.env.json's baseUrl or the editor's setting); none: the embedded
   * emulator. The checker reads it to tell whether a request written with an absolute URL is sent.
   */
  baseUrl?: string;
  /**
   * The host process's environment variables, for `{{$processEnv NAME}}` (passed in by the host,
   * only those `readableVariableProblem` allows).
   */
  processEnv?: Record<string, string>;
  /** The variables of the `.env` file of the request file's folder or above it, for `{{$dotenv NAME}}`. */
  dotenv?: Record<string, string>;
  /** Why the host did not read the `.env` file it found (a symbolic link, a file outside the workspace): `$dotenv` says so. */
  dotenvRefused?: string;
  /** The names the user allows `$processEnv` and `$dotenv` to read besides GRAPHREQ_VAR_* (GRAPHREQ_TOKEN_VARIABLES). */
  readableVariables?: readonly string[];
  /**
   * Reads a `< path` body for the core: the path as written (variables resolved), relative to the
   * request file's folder. The host does the I/O; without a reader, file bodies cannot be read.
   */
  readFile?: (path: string) => BodyFileResult;
}

/** What the host found at the path of a `< path` body. */
export type BodyFileResult = { ok: true; text: string } | { ok: false; reason: string };

export const emptyEnvironment: Environment = { variables: {} };
