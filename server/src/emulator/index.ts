/**
 * The local emulator of the documented service (`graphreq serve`, and the embedded default of
 * `graphreq send`). docs/emulator.md describes what it answers and how to configure it.
 */
export { startEmulator, type EmulatorOptions, type RunningEmulator } from './server';
export type { EmulatorConfig } from './config';
