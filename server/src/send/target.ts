/**
 * Where requests go: the configured base URL, or, when none is configured, the embedded emulator
 * started in this process on a free loopback port (the quick start needs no account and no
 * network). The emulator's documented demo token is used when no token is given.
 */
import { startEmulator } from '../emulator';
import { EMBEDDED_RATE_ORIGIN } from './embeddedOrigin';

export { DEMO_TOKEN } from './embeddedOrigin';

export interface Target {
  baseUrl: string;
  /** True when the embedded emulator answers. */
  embedded: boolean;
  /**
   * The origin rate-limit knowledge is kept under, when it is not the base URL's (SendSessionOptions.rateOrigin):
   * the workspace's emulator keeps its state between runs but listens on a new port each time.
   */
  rateOrigin?: string;
  close(): Promise<void>;
}

export { EMBEDDED_RATE_ORIGIN } from './embeddedOrigin';

export interface EmbeddedOptions {
  /** Emulator configuration merged over its defaults (tests shrink limits with it). */
  config?: object;
  now?: () => number;
}

export async function openTarget(baseUrl: string | undefined, embedded: EmbeddedOptions = {}): Promise<Target> {
  if (baseUrl) return { baseUrl, embedded: false, close: async () => {} };
  const emulator = await startEmulator({ host: '127.0.0.1', port: 0, config: embedded.config, now: embedded.now, linkOrigin: EMBEDDED_RATE_ORIGIN });
  return { baseUrl: emulator.url, embedded: true, close: () => emulator.close() };
}
