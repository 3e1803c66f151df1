/**
 * The parameters of a call built from a request block: query and form parameters, then the members
 * of the JSON body, which win over a query parameter of the same name. Body members become
 * CallParam objects only when asked for: a valid request passes the ajv gate without its members
 * ever being looked at one by one, and a file of 10,000 requests then allocates 250,000 fewer objects.
 */
import { isOpaque } from '../syntax/jsonBody';
import type { CallParam } from './call';
import { hasOwn } from '../own';


export class CallParams implements ReadonlyMap<string, CallParam> {
  /** The members asked for, made once each (no map until one is asked for). */
  private made: Map<string, CallParam> | undefined;
  private count = -1;

  constructor(
    private readonly text: ReadonlyMap<string, CallParam>,
    private readonly body: Record<string, unknown> | undefined,
    /** Names whose values the schema rejected: opaque to the cross-field rules (engine.ts). */
    private readonly rejected?: ReadonlySet<string>,
  ) {}

  /**
   * The same parameters with those of `names` opaque (`{ ...p, opaque: true }`). Still a CallParams:
   * a copy into a Map (every member made into a CallParam) gave the cross-field rules two kinds of
   * parameters to read, and V8 compiled each rule for both.
   */
  withRejected(names: ReadonlySet<string>): CallParams {
    return new CallParams(this.text, this.body, names);
  }

  get(name: string): CallParam | undefined {
    if (this.body && hasOwn(this.body, name)) return this.member(name);
    const p = this.text.get(name);
    return p && this.rejected?.has(name) ? this.made?.get(name) ?? this.remember(name, { ...p, opaque: true }) : p;
  }

  /**
   * The value of `name`, or undefined when absent or decided at send time (a variable's value only
   * known then): what `get(name)` holds unless it is opaque, without making a body member into a
   * CallParam (the cross-field rules read values, rules/values.ts `raw`).
   */
  knownValue(name: string): unknown {
    if (this.rejected?.has(name)) return undefined;
    const body = this.body;
    if (body && hasOwn(body, name)) {
      const value = body[name];
      return isOpaque(value) ? undefined : value;
    }
    const p = this.text.get(name);
    return !p || p.opaque || isOpaque(p.value) ? undefined : p.value;
  }

  /** Whether `get(name)` is a parameter decided at send time, without making a body member into a CallParam. */
  opaqueParam(name: string): boolean {
    if (this.rejected?.has(name)) return this.has(name);
    const body = this.body;
    if (body && hasOwn(body, name)) return isOpaque(body[name]);
    return !!this.text.get(name)?.opaque;
  }

  /** Whether the JSON body has a top-level member `name`, whatever the query holds. */
  inBody(name: string): boolean {
    return !!this.body && hasOwn(this.body, name);
  }

  has(name: string): boolean {
    return (!!this.body && hasOwn(this.body, name)) || this.text.has(name);
  }

  get size(): number {
    if (this.count < 0) {
      let n = this.text.size;
      if (this.body) for (const k of Object.keys(this.body)) if (!this.text.has(k)) n++;
      this.count = n;
    }
    return this.count;
  }

  /**
   * Each parameter's value by name, in `entries`' order, in an object without a prototype (a parameter
   * named `__proto__` is a parameter like any other): the gate's input for a call whose body is no
   * object. Made from the maps themselves: `entries` is a generator, and V8 compiled it (and `values`)
   * for the reads of a file, a few hundred calls.
   */
  valueObject(): Record<string, unknown> {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [name, p] of this.text) out[name] = p.value;
    // A member of the body wins over a query parameter of its name, in the query parameter's place.
    if (this.body) for (const name of Object.keys(this.body)) out[name] = this.body[name];
    return out;
  }

  /** Query and form parameters first, in the order written, then the body's members in theirs. */
  *entries(): MapIterator<[string, CallParam]> {
    for (const [name, p] of this.text) yield [name, (this.body && hasOwn(this.body, name)) || this.rejected?.has(name) ? this.get(name)! : p];
    if (this.body) for (const name of Object.keys(this.body)) if (!this.text.has(name)) yield [name, this.member(name)];
  }

  /** The names in `entries`' order, without making the body's members into CallParams. */
  *keys(): MapIterator<string> {
    yield* this.text.keys();
    if (this.body) for (const name of Object.keys(this.body)) if (!this.text.has(name)) yield name;
  }

  *values(): MapIterator<CallParam> {
    for (const [, p] of this.entries()) yield p;
  }

  [Symbol.iterator](): MapIterator<[string, CallParam]> {
    return this.entries();
  }

  forEach(fn: (value: CallParam, key: string, map: ReadonlyMap<string, CallParam>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }

  private member(name: string): CallParam {
    const p = this.made?.get(name);
    if (p) return p;
    const value = this.body![name];
    return this.remember(name, { name, value, source: 'json', opaque: isOpaque(value) || !!this.rejected?.has(name) });
  }

  private remember(name: string, p: CallParam): CallParam {
    (this.made ??= new Map()).set(name, p);
    return p;
  }
}
