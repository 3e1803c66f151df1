/**
 * Reading `graphreq serve --config FILE`: JSON, and every key one the emulator knows. A misspelt key
 * (`limts`, `urlReadPerHour`) would otherwise be merged and ignored, and the emulator would run with
 * a default the user meant to change; so an unknown key stops `serve` and names the nearest known one.
 *
 * The known keys come from the emulator's own defaults (emulator/config.ts), so a key added there is
 * known here without a second list. Four members map names the user chooses (versions, tokens, app
 * ids, accounts) to values of a fixed shape, which the defaults show by example.
 */
import * as fs from 'node:fs';
import { defaultConfig, type EmulatorConfig } from '../emulator';
import { closest } from '../core/rules/suggest';
import { UsageError } from './files';

type Shape = Record<string, unknown>;

/** Members of an app's settings without a default value (AppSettings' optional members). */
const APP: Shape = { ...(defaultConfig.defaultApp as unknown as Shape), firstCall: null };

/** Members whose keys are free, and the shape of each of their values (null: a plain value). */
const MAPS: Record<string, Shape | null> = {
  releases: null,
  tokens: defaultConfig.tokens['demo-token'] as unknown as Shape,
  apps: APP,
  accounts: defaultConfig.defaultAccount as unknown as Shape,
};

/** Top-level keys without a default value (EmulatorConfig's optional members). */
const OPTIONAL: Shape = { defaultVersion: null, defaultApp: APP };

export function readServeConfig(file: string): Partial<EmulatorConfig> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  if (!isObject(json)) throw new UsageError(`${file}: the configuration must be a JSON object`);
  const unknown = unknownKey(json, { ...(defaultConfig as unknown as Shape), ...OPTIONAL }, '', true);
  if (unknown) throw new UsageError(`${file}: ${unknown}`);
  return json as Partial<EmulatorConfig>;
}

/** The first unknown key under `value`, as a message naming the nearest known one; undefined when all are known. */
export function unknownKey(value: Shape, shape: Shape, prefix: string, top = false): string | undefined {
  const known = Object.keys(shape);
  for (const [key, v] of Object.entries(value)) {
    const path = `${prefix}${key}`;
    if (!Object.prototype.hasOwnProperty.call(shape, key)) {
      const near = closest(key, known);
      return near ? `unknown key "${path}" (did you mean "${prefix}${near}"?)` : `unknown key "${path}" (known here: ${known.join(', ')})`;
    }
    if (!isObject(v)) continue;
    if (top && key in MAPS) {
      const entryShape = MAPS[key];
      if (!entryShape) continue;
      for (const [name, entry] of Object.entries(v)) {
        const found = isObject(entry) ? unknownKey(entry, entryShape, `${path}.${name}.`) : undefined;
        if (found) return found;
      }
    } else if (isObject(shape[key])) {
      const found = unknownKey(v, shape[key] as Shape, `${path}.`);
      if (found) return found;
    }
  }
  return undefined;
}

function isObject(v: unknown): v is Shape {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
