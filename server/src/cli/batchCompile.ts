/**
 * V8's optimising compiler, tuned for a run that ends once its files are checked (`graphreq check`).
 *
 * A cold check of 10,000 requests spends a third of its instructions in TurboFan compiling the
 * check's functions (bench/README.md, "Cold check, eighth pass"), most of it building each hot
 * function with the callees it inlines, up to 920 bytes of their bytecode by default, and with the
 * first iteration of each loop peeled off (a copy of the loop's body). A process that runs one or two
 * seconds does not win back that compile time: with a budget of 300 bytes and no loop peeling the
 * compiler's instructions fall by about a third and the main thread's work stays within 1-2%.
 * Set at run time (`v8.setFlagsFromString`): `graphreq` is started by npm's shim as `node
 * bin/graphreq.js`, with no place for V8 flags, and the language server, which runs for hours, keeps
 * V8's defaults. The flags are read by each compile job as it starts, so they hold for the whole check.
 */
import { setFlagsFromString } from 'node:v8';

/** The flags a batch command sets (test/cli/coldStart.test.ts reads them from a run). */
export const BATCH_V8_FLAGS: readonly string[] = ['--max-inlined-bytecode-size-cumulative=300', '--no-turbo-loop-peeling'];

export function tuneCompilerForBatch(): void {
  for (const flag of BATCH_V8_FLAGS) setFlagsFromString(flag);
}
