/**
 * The reliability suite's tools (`npm run test:stress`, docs/emulator.md, Reliability suite): floods
 * of requests against `graphreq serve` in a child process, counted per second of wall time, so that
 * a test can hold the throughput of later seconds to a floor measured as a ratio against the first.
 * Like every stress file, they run only under `npm run test:stress` (stressGate.ts).
 */
import * as fs from 'node:fs';
import * as http from 'node:http';

export interface FloodResult {
  /** Answers per second of wall time, from the flood's start; the last, partial second is dropped. */
  perSecond: number[];
  /** Answers by HTTP status. */
  statuses: Record<number, number>;
  /** Requests that got no answer (connection refused, reset). */
  failures: number;
  total: number;
}

export interface Flood {
  port: number;
  seconds: number;
  clients: number;
  /** Requests sent and not counted before the first second starts, so that it measures a warm server. */
  warmup?: number;
  /** The n-th request (0, 1, 2, ...): method, path, body. */
  request: (n: number) => FloodRequest;
}

/** A request of a flood: sent with the demo token's Authorization header unless `token` is false. */
export interface FloodRequest {
  method?: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  token?: false;
}

/** Sends requests from `clients` keep-alive connections for `seconds`, each client one after the other. */
export async function flood(f: Flood): Promise<FloodResult> {
  const result: FloodResult = { perSecond: [], statuses: {}, failures: 0, total: 0 };
  let next = 0;
  const agents = Array.from({ length: f.clients }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const warm = async (agent: http.Agent): Promise<void> => {
    while (next < (f.warmup ?? 0)) await send(f.port, f.request(next++), agent).catch(() => 0);
  };
  await Promise.all(agents.map(warm));
  const start = Date.now();
  const end = start + f.seconds * 1000;
  const client = async (agent: http.Agent): Promise<void> => {
    try {
      while (Date.now() < end) {
        const r = f.request(next++);
        const status = await send(f.port, r, agent).catch(() => 0);
        const second = Math.floor((Date.now() - start) / 1000);
        if (second >= f.seconds) break;
        if (status === 0) result.failures++;
        else result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        result.perSecond[second] = (result.perSecond[second] ?? 0) + 1;
        result.total++;
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(agents.map(client));
  for (let i = 0; i < f.seconds; i++) result.perSecond[i] ??= 0;
  return result;
}

/**
 * `count` requests, `clients` at a time over keep-alive connections, counted by status (0: no answer).
 * For a test about what a number of calls leaves behind, where `flood` is about their rate.
 */
export async function volley(port: number, count: number, request: FloodRequest, clients = 8): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  let left = count;
  const client = async (): Promise<void> => {
    while (left-- > 0) {
      const status = await send(port, request, agent).catch(() => 0);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, client));
  } finally {
    agent.destroy();
  }
  return statuses;
}

function send(port: number, r: FloodRequest, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...(r.token === false ? {} : { Authorization: 'Bearer demo-token' }), ...r.headers };
    if (r.body !== undefined) {
      headers['Content-Length'] = Buffer.byteLength(r.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const req = http.request({ host: '127.0.0.1', port, method: r.method ?? 'GET', path: r.path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

/**
 * The throughput floor: the later seconds against the first. The first second also pays for warming
 * up, so a server that keeps its speed stays well above it; one that slows as its counters or its
 * data file grow falls below. The median of the later seconds is the measure (a machine shared with
 * other work has bad seconds now and then); the worst second catches a stall.
 */
export function throughputRatios(perSecond: number[]): { first: number; median: number; worst: number } {
  const first = Math.max(1, perSecond[0]);
  const later = perSecond.slice(1).sort((a, b) => a - b);
  const median = later.length % 2 ? later[(later.length - 1) / 2] : (later[later.length / 2 - 1] + later[later.length / 2]) / 2;
  return { first: perSecond[0], median: median / first, worst: later[0] / first };
}

/** Resident memory of a process in MiB (Linux /proc), or undefined where it cannot be read. */
export function rssMiB(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** One line for the suite's output (t.diagnostic), with the figures the notes quote. */
export function report(name: string, r: FloodResult, extra = ''): string {
  const ratios = throughputRatios(r.perSecond);
  return `${name}: ${r.perSecond.join(' ')} answers/s; median ${ratios.median.toFixed(2)} and worst second ${ratios.worst.toFixed(2)} of the first; statuses ${JSON.stringify(r.statuses)}${r.failures ? `; ${r.failures} unanswered` : ''}${extra}`;
}
