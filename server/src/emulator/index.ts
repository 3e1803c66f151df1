/**
 * The local emulator of the documented service (`graphreq serve`, and the embedded default of
 * `graphreq send`). docs/emulator.md describes what it answers and how to configure it.
 */
export { startEmulator, type EmulatorOptions, type RunningEmulator, type RequestLogEntry } from './server';
export { defaultConfig, type EmulatorConfig } from './config';
