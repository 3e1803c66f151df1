// Generates server/src/core/model/generated/gates.ts: ajv validators compiled ahead of time, one per
// endpoint params schema, used as a fast gate in front of graphreq's own schema walk
// (server/src/core/rules/paramRules.ts). A gate accepts a value only when the walk would find nothing:
// it is the same schema made strict (JSON types without text coercion; deprecated, beta and
// version-gated enum values removed). A gate judges the parameters it knows, one by one: unknown
// parameters and missing required ones are the rule's business (paramGate.ts, paramRules.ts). Anything
// it refuses goes to the walk, which says precisely what is wrong; it reports every error (allErrors),
// each naming the parameter to walk, so a request with bad parameters walks those only, found in one
// call (a gate that stopped at the first error was asked again after each refused parameter).
// Run by esbuild.mjs; test/core/gates.test.ts checks the file is current.
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const gatesFile = path.join(root, 'server', 'src', 'core', 'model', 'generated', 'gates.ts');

/** The gate form of a schema: x- annotations dropped, flagged enum values removed. */
export function gateSchema(schema, top = false) {
  if (typeof schema !== 'object' || schema === null) return schema;
  if (Array.isArray(schema)) return schema.map((s) => gateSchema(s));
  const out = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith('x-') || k === '$id' || k === '$schema' || k === 'examples' || k === 'description' || k === 'title' || k === 'default' || k === 'deprecated' || k === '$comment') continue;
    if (k === 'properties' || k === 'definitions') {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, gateSchema(s)]));
    } else if (k === 'items' || k === 'additionalProperties') {
      out[k] = gateSchema(v);
    } else {
      out[k] = v;
    }
  }
  if (Array.isArray(schema.enum)) {
    const flagged = new Set([
      ...Object.keys(schema['x-deprecatedValues'] ?? {}),
      ...Object.keys(schema['x-betaValues'] ?? {}),
      ...Object.keys(schema['x-valueSince'] ?? {}),
      ...Object.keys(schema['x-valueUntil'] ?? {}),
    ]);
    out.enum = schema.enum.filter((v) => !flagged.has(v));
  }
  // Datetime text is checked by the walker against the calendar (2026-02-30 fits the pattern): the
  // gate lets only UNIX timestamps through.
  if (typeof schema['x-kind'] === 'string' && schema['x-kind'].startsWith('datetime')) {
    out.type = 'integer';
    delete out.pattern;
  }
  // Integers beyond 2^53 are read as their digits and range-checked (int64) by the walker: the gate
  // lets only integers a JavaScript number holds exactly through.
  const typesOf = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (typesOf.includes('integer')) {
    out.maximum = Math.min(out.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    out.minimum = Math.max(out.minimum ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
  }
  if (top) {
    // Each parameter is judged on its own, so that a gate can be asked again without one it refused:
    // a required one that is missing, or one the endpoint does not document, is found by the rule.
    delete out.required;
  }
  return out;
}

/**
 * ajv's code with each error reduced to what paramGate.ts reads, its `instancePath`. ajv writes every
 * error as an object literal (schema path, keyword, params, message) pushed inline: 324 of them, most
 * of the adset-create gate's 113 KB. V8 waits for more calls before it optimises a function of more
 * bytecode, and compiles it longer, and the gate runs once for every request of a file: a call to
 * `refuse` per error keeps the same checks in a fraction of the bytecode.
 */
export function compactErrors(code) {
  let count = 0;
  const out = code.replace(
    /const (err\d+) = \{instancePath(?::(.*?))?,schemaPath:[\s\S]*?\};if\(vErrors === null\)\{vErrors = \[\1\];\}else \{vErrors\.push\(\1\);\}errors\+\+;/g,
    (_, _err, path) => {
      count++;
      return `vErrors = refuse(vErrors, ${path ?? 'instancePath'});errors++;`;
    },
  );
  // Every error site must have been rewritten: an ajv upgrade that writes them otherwise fails the build.
  if (count === 0 || /const err\d+ = /.test(out)) throw new Error('generateGates: ajv wrote an error this generator does not recognise');
  return withoutUnusedSchemas(out).replace('"use strict";', '"use strict";function refuse(errors, instancePath){const error = {instancePath};if(errors === null)return [error];errors.push(error);return errors;}');
}

/** ajv's copies of the schemas (`const schema14 = {...};`) that no code reads once errors no longer quote them: not built at load. */
function withoutUnusedSchemas(code) {
  for (const [, name] of [...code.matchAll(/const (schema\d+) = \{/g)]) {
    if (code.split(name).length - 1 !== 1) continue;
    const start = code.indexOf(`const ${name} = {`);
    const open = code.indexOf('{', start);
    let depth = 0;
    let i = open;
    for (; i < code.length; i++) {
      const c = code[i];
      if (c === '"') {
        for (i++; code[i] !== '"'; i++) if (code[i] === '\\') i++;
      } else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) break;
    }
    if (code[i + 1] !== ';') throw new Error(`generateGates: ${name} does not end where expected`);
    code = code.slice(0, start) + code.slice(i + 2);
  }
  return code;
}

export function generateGates() {
  const paramsDir = path.join(root, 'schemas', 'params');
  const ajv = new Ajv({ code: { source: true, esm: true }, strict: false, allErrors: true, allowUnionTypes: true });
  const exportsMap = {};
  for (const file of fs.readdirSync(paramsDir).sort()) {
    if (!file.endsWith('.schema.json')) continue;
    const name = file.replace('.schema.json', '');
    const schema = gateSchema(JSON.parse(fs.readFileSync(path.join(paramsDir, file), 'utf8')), true);
    schema.$id = `gate:${name}`;
    ajv.addSchema(schema);
    exportsMap[name.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = `gate:${name}`;
  }
  const code = compactErrors(standaloneCode(ajv, exportsMap));
  const names = Object.keys(exportsMap);
  const byParams = Object.fromEntries(Object.entries(exportsMap).map(([k, id]) => [id.slice(5), k]));
  return `// This file is generated - do not edit directly! Generator: server/build/generateGates.mjs
// @ts-nocheck
/* eslint-disable */
${code}
/** A gate, and every error of its last refusal (ajv's \`errors\`). */
export type Gate = ((value: unknown) => boolean) & { errors?: Array<{ instancePath: string }> | null };
/** Gate validators by params schema name (schemas/params/<name>.schema.json). */
export const gates: Record<string, Gate> = {
${Object.entries(byParams).map(([p, k]) => `  ${JSON.stringify(p)}: ${k},`).join('\n')}
};
void [${names.join(', ')}];
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const code = generateGates();
  fs.mkdirSync(path.dirname(gatesFile), { recursive: true });
  const old = fs.existsSync(gatesFile) ? fs.readFileSync(gatesFile, 'utf8') : '';
  if (old !== code) fs.writeFileSync(gatesFile, code);
}
