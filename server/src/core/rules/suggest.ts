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
  // A short name is a typo one letter off (`nme`, `idd`); two edits would change most of it (`ads` is not `id`).
  const limit = input.length <= 4 ? 1 : Math.max(2, Math.floor(input.length / 3));
  const histogram = histogramOf(lower, new Int32Array(64));
  let best: string | undefined;
  // Only a candidate scoring below this can be the answer: within the limit, and better than the best so far.
  let bound = limit + 1;
  for (const c of candidates) {
    const other = c.toLowerCase();
    if (other === lower) return c;
    const d = score(lower, other, histogram, bound - 1);
    if (d < bound) {
      bound = d;
      best = c;
    }
  }
  return best;
}

/**
 * A candidate's score: the length difference when it is more than 8, else the edit distance; any
 * value above `atMost` when the score is known to exceed it. A body of 100,000 parameters nobody
 * documented asks for as many suggestions, each against every documented name: the full distance of
 * each pair made that a minute. The cheap lower bounds (length, the characters' counts) rule out most
 * pairs, and the table stops at the first row past the bound.
 */
function score(a: string, b: string, histogram: Int32Array, atMost: number): number {
  const lengths = Math.abs(a.length - b.length);
  if (lengths > 8) return lengths;
  if (lengths > atMost) return atMost + 1;
  // An edit changes the count of at most two characters by one each; a transposition none.
  if (Math.ceil(histogramDistance(histogram, b) / 2) > atMost) return atMost + 1;
  return distance(a, b, atMost);
}

function histogramOf(s: string, into: Int32Array): Int32Array {
  for (let i = 0; i < s.length; i++) into[s.charCodeAt(i) & 63]++;
  return into;
}

const scratchHistogram = new Int32Array(64);

/** The L1 distance between the counts of `a` (given) and of `b`'s characters, folded into 64 buckets (folding only lowers it). */
function histogramDistance(a: Int32Array, b: string): number {
  scratchHistogram.set(a);
  for (let i = 0; i < b.length; i++) scratchHistogram[b.charCodeAt(i) & 63]--;
  let sum = 0;
  for (let i = 0; i < 64; i++) sum += Math.abs(scratchHistogram[i]);
  return sum;
}

let table = new Int32Array(0);

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions). With `atMost`, any
 * value above it once two consecutive rows are both past it: no later row can come back below.
 */
export function distance(a: string, b: string, atMost = Infinity): number {
  if (a === b) return 0;
  const rows = a.length + 1;
  const cols = b.length + 1;
  if (table.length < rows * cols) table = new Int32Array(rows * cols * 2);
  const d = table;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  let previousMin = 0;
  for (let i = 1; i < rows; i++) {
    let rowMin = d[i * cols];
    for (let j = 1; j < cols; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, d[(i - 2) * cols + j - 2] + 1);
      d[i * cols + j] = v;
      if (v < rowMin) rowMin = v;
    }
    // A cell takes from the row above (+0 or +1) or from two rows above (+1): once this row and the one
    // above are both past the bound, every later row is.
    if (rowMin > atMost && previousMin > atMost) return atMost + 1;
    previousMin = rowMin;
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
