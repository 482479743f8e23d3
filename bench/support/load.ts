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
