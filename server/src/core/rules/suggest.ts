import type { ApiModel } from '../model/apiModel';

/**
 * Where the documents state a rule, for messages: RULES.md's Doc column, prefixed with the document
 * number of its section when the column names only a section ("Versioning" in the ad set section
 * becomes "[2] Versioning"). Undefined for product rules.
 */
export function ruleDoc(model: ApiModel, id: string): string | undefined {
  const info = model.rule(id);
  if (!info || !info.doc || info.doc === 'product') return undefined;
  if (info.doc.startsWith('[')) return info.doc;
  const docNumber = /\[(\d)\]\s*$/.exec(info.section ?? '')?.[1];
  const first = info.doc.split(',')[0].trim();
  return docNumber ? `[${docNumber}] ${first}` : first;
}

/**
 * Answers of `closest`, per candidate set (keyed by its names) and input. A file being written has
 * the same few unknown names thousands of times (a misspelt parameter copied into every request), and
 * each answer costs an edit distance against every candidate: a third of a cold check before this
 * memo. Bounded, since inputs are whatever the user typed.
 */
const suggestions = new Map<string, Map<string, string | null>>();
const MAX_SETS = 256;
const MAX_INPUTS_PER_SET = 4096;

/** The answers for a frozen candidate list (`namesOf`), by the list itself: no key to build and hash per call. */
const byList = new WeakMap<readonly string[], Map<string, string | null>>();

function answersFor(list: readonly string[]): Map<string, string | null> {
  const frozen = Object.isFrozen(list);
  if (frozen) {
    const known = byList.get(list);
    if (known) return known;
  }
  const setKey = list.join('\u0000');
  let answers = suggestions.get(setKey);
  if (!answers) {
    if (suggestions.size >= MAX_SETS) suggestions.clear();
    suggestions.set(setKey, (answers = new Map()));
  }
  if (frozen) byList.set(list, answers);
  return answers;
}

/** The own property names of a schema object that never changes (a schema's `properties`), frozen, built once per object. */
const names = new WeakMap<object, readonly string[]>();
export function namesOf(o: object): readonly string[] {
  let list = names.get(o);
  if (!list) names.set(o, (list = Object.freeze(Object.keys(o))));
  return list;
}

/** "Did you mean": the closest candidate by edit distance, or undefined when nothing is close. */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  const list = Array.isArray(candidates) ? (candidates as readonly string[]) : [...candidates];
  const answers = answersFor(list);
  const known = answers.get(input);
  if (known !== undefined) return known ?? undefined;
  const answer = closestUncached(input, list);
  if (answers.size >= MAX_INPUTS_PER_SET) answers.clear();
  answers.set(input, answer ?? null);
  return answer;
}

function closestUncached(input: string, candidates: readonly string[]): string | undefined {
  const lower = input.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c.toLowerCase() === lower) return c;
    const d = distance(lower, c.toLowerCase());
    if (d < bestScore) {
      bestScore = d;
      best = c;
    }
  }
  // A short name is a typo one letter off (`nme`, `idd`); two edits would change most of it (`ads` is not `id`).
  const limit = input.length <= 4 ? 1 : Math.max(2, Math.floor(input.length / 3));
  return bestScore <= limit ? best : undefined;
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function distance(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 8) return Math.abs(a.length - b.length);
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[(i - 2) * cols + j - 2] + 1);
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1];
}

/**
 * A list short enough for a diagnostic's one sentence ("`A`, `B` or `C`"), or undefined when it is
 * longer than `maxChars`: long lists go to the finding's detail (hover, JSON output), never the message.
 */
export function inlineList(values: unknown[], maxChars = 60): string | undefined {
  const text = listForMessage(values, values.length);
  return text.length <= maxChars ? text : undefined;
}

/**
 * Splits a message written in the schema data (deprecations, limited-beta values, refused
 * operations) into the diagnostic's one sentence and its detail: the document references in
 * parentheses and the sentences after the first go to the detail.
 */
export function splitMessage(text: string): { message: string; detail?: string } {
  // The texts are the schema data's, a few dozen: each is split once.
  let split = splitMessages.get(text);
  if (!split) splitMessages.set(text, (split = splitUncached(text)));
  return split;
}

const splitMessages = new Map<string, { message: string; detail?: string }>();

function splitUncached(text: string): { message: string; detail?: string } {
  const refs: string[] = [];
  const bare = text.replace(/ \((\[\d\][^()]*)\)/g, (_m, ref: string) => {
    refs.push(ref);
    return '';
  });
  const first = /^(.*?[.!?])(?:\s+|$)/.exec(bare);
  const message = first ? first[1] : bare;
  const rest = first ? bare.slice(first[0].length).trim() : '';
  const detail = [rest, refs.length ? `(${refs.join('; ')})` : ''].filter(Boolean).join(' ');
  return detail ? { message, detail } : { message };
}

/** A short list for messages: "A, B, C or D" (at most `max` items, then "and N more"). */
export function listForMessage(values: unknown[], max = 12): string {
  const shown = values.slice(0, max).map((v) => `\`${String(v)}\``);
  const more = values.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}
