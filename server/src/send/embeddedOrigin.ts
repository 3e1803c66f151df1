/** The emulator's documented token, sent when the user set none. */
export const DEMO_TOKEN = 'demo-token';

/** The rate-limit origin of every workspace's embedded emulator (`.invalid` never resolves: it names, it is not called). */
export const EMBEDDED_RATE_ORIGIN = 'http://embedded-emulator.graphreq.invalid';
