// HTTP load for the benchmarks, through autocannon: one URL driven for a while, or a baseline and
// the product in alternating turns so that load from elsewhere falls on both alike.
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
}

/** Drives one URL for `seconds` with `connections` keep-alive connections. */
export async function load(
  url: string,
  seconds: number,
  connections = 50,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * `seconds` of load on each URL, in `rounds` alternating turns (baseline first), so that load from
 * elsewhere falls on both alike; requests/s averaged, the worst turn's latencies, and each round's
 * ratio (product ÷ baseline): on a host whose speed wanders from second to second, their median
 * is the steadier measure of what the product costs against the baseline.
 */
export async function alternateLoad(
  baseline: string,
  product: string,
  seconds: number,
  headers: Record<string, string> = {},
  rounds = 2,
): Promise<{ base: LoadResult; ours: LoadResult; ratios: number[] }> {
  const turn = Math.max(1, Math.round(seconds / rounds));
  const base: LoadResult[] = [];
  const ours: LoadResult[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const baseTurn = await load(baseline, turn, 50, headers);
    const ourTurn = await load(product, turn, 50, headers);
    base.push(baseTurn);
    ours.push(ourTurn);
    ratios.push(ourTurn.requestsPerSecond / Math.max(1, baseTurn.requestsPerSecond));
  }
  const merge = (results: LoadResult[]): LoadResult => ({
    requestsPerSecond: Math.round(results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length),
    latencyP50Ms: Math.max(...results.map((r) => r.latencyP50Ms)),
    latencyP99Ms: Math.max(...results.map((r) => r.latencyP99Ms)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  });
  return { base: merge(base), ours: merge(ours), ratios };
}
