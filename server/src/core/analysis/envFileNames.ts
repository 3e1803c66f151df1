/**
 * Where graphreq.env.json defines each variable: per section (`$shared`, `local`, `prod`, ...), the
 * span of each variable's key. Navigation jumps there and rename edits the keys there. The host
 * reads the file; this reads its text with jsonc-parser, so a file with a syntax error still yields
 * the sections it could read.
 */
import { parseTree, type Node } from 'jsonc-parser';
import { isEnvironmentVariableKey } from '../environment';
import type { Span } from '../types';

/** One variable key of one section. */
export interface EnvFileKey {
  name: string;
  section: string;
  /** The key's text inside its quotes (what a rename replaces). */
  span: Span;
  /** The key with its quotes. */
  keySpan: Span;
}

export interface EnvFileSection {
  name: string;
  /** The section's key, inside its quotes. */
  span: Span;
  keys: EnvFileKey[];
}

export interface EnvFileNames {
  sections: EnvFileSection[];
}

export function readEnvFileNames(text: string): EnvFileNames {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const sections: EnvFileSection[] = [];
  if (root?.type !== 'object') return { sections };
  for (const prop of root.children ?? []) {
    const [key, value] = prop.children ?? [];
    if (!key || typeof key.value !== 'string' || key.value.startsWith('$schema')) continue;
    const section: EnvFileSection = { name: key.value, span: inner(key), keys: [] };
    if (value?.type === 'object') {
      for (const member of value.children ?? []) {
        const k = member.children?.[0];
        if (!k || typeof k.value !== 'string' || !isEnvironmentVariableKey(k.value)) continue;
        section.keys.push({ name: k.value, section: section.name, span: inner(k), keySpan: { start: k.offset, end: k.offset + k.length } });
      }
    }
    sections.push(section);
  }
  return { sections };
}

/** Every key that defines `name`, in file order. */
export function envKeys(names: EnvFileNames | undefined, name: string): EnvFileKey[] {
  const out: EnvFileKey[] = [];
  for (const s of names?.sections ?? []) for (const k of s.keys) if (k.name === name) out.push(k);
  return out;
}

/**
 * The keys that give `name` its value in the environment `environment` (none: `$shared` only): the
 * environment's own key, which wins, else `$shared`'s. When neither defines it, every section that
 * does, so that the user sees where the variable exists.
 */
export function envDefinitions(names: EnvFileNames | undefined, name: string, environment: string | undefined): EnvFileKey[] {
  const all = envKeys(names, name);
  const own = environment ? all.filter((k) => k.section === environment) : [];
  if (own.length) return own.slice(-1);
  const shared = all.filter((k) => k.section === '$shared');
  if (shared.length) return shared.slice(-1);
  return all;
}

function inner(key: Node): Span {
  return { start: key.offset + 1, end: key.offset + key.length - 1 };
}
