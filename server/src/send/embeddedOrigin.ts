/** The emulator's documented token, sent when the user set none. */
export const DEMO_TOKEN = 'demo-token';

import { EMBEDDED_EMULATOR_ORIGIN } from '../core/send/embeddedEmulator';

/** The rate-limit origin of every workspace's embedded emulator: its name (`.invalid` never resolves: it names, it is not called). */
export const EMBEDDED_RATE_ORIGIN = EMBEDDED_EMULATOR_ORIGIN;
