/**
 * Load for the reliability tests (npm test and npm run test:stress): clients that keep writing over
 * keep-alive connections until the server stops answering, and floods of reads whose throughput is
 * measured per second. Tests assert on counts and ratios, never on absolute times.
 */
import * as http from 'node:http';
import { adsetBody } from './harness';

export interface WriteLoad {
  /** Ids of the ad sets the server acknowledged (200), in order. */
  acked: string[];
  /** Answers other than 200 and 503, as "status: text" (there should be none). */
  unexpected: string[];
  /** Resolves once every client has stopped: the server refused, closed, or `stop()` was called. */
  done: Promise<void>;
  stop(): void;
  /** Resolves once `n` ad sets have been acknowledged (or the clients stopped before). */
  acknowledged(n: number): Promise<void>;
}

/** A configuration under which writes are never rate limited (the quota of an account with 10 million active ads). */
export const UNLIMITED = {
  defaultAccount: { activeAds: 10_000_000, bulk: true },
  limits: { adSetsPerAccount: 10_000_000, adSetsPerBulkAccount: 10_000_000 },
  defaultApp: { dailyActiveUsers: 10_000_000, accessTier: 'standard_access', engagedUsers: 10 },
  userCallsPerHour: 1e12,
};

/** `clients` loops, each creating ad sets one after the other over its own keep-alive connection. */
export function writeLoad(port: number, clients: number, path = '/v23.0/act_1234567890/adsets'): WriteLoad {
  const acked: string[] = [];
  const unexpected: string[] = [];
  const waiting: Array<{ n: number; resolve: () => void }> = [];
  let stopped = false;
  const body = JSON.stringify(adsetBody({ name: 'Under load' }));
  const client = async (): Promise<void> => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (!stopped) {
        const r = await post(port, path, body, agent).catch(() => undefined);
        if (!r) return; // refused or reset: the server is gone
        if (r.status === 503) return;
        if (r.status !== 200) unexpected.push(`${r.status}: ${r.text.slice(0, 200)}`);
        else {
          acked.push((JSON.parse(r.text) as { id: string }).id);
          for (const w of waiting.filter((x) => acked.length >= x.n)) w.resolve();
        }
      }
    } finally {
      agent.destroy();
    }
  };
  const done = Promise.all(Array.from({ length: clients }, client)).then(() => {
    for (const w of waiting) w.resolve();
  });
  return {
    acked,
    unexpected,
    done,
    stop: () => {
      stopped = true;
    },
    acknowledged: (n) => (acked.length >= n ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve }))),
  };
}

function post(port: number, path: string, body: string, agent: http.Agent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path, agent, headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
