/** A V8 CPU profile, as the inspector's `Profiler.stop` returns it. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a CPU profile's time went, by package (or the server's module, or V8's own work). */
export function profileShares(profile: CpuProfile): { part: string; share: number }[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const partOf = (id: number) => {
    const frame = nodes.get(id)?.callFrame;
    const url = frame?.url ?? '';
    if (!url) return frame?.functionName ? `(${frame.functionName})` : '(native)';
    const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (dependency?.[1]) return dependency[1];
    const own = /apps\/server\/src\/((?:modules|platform)\/[^/]+|[^/]+)/.exec(url);
    if (own?.[1]) return `server ${own[1]}`;
    if (url.startsWith('node:')) return url.split('/')[0] ?? url;
    return /^wasm:/.test(url) ? 'WebAssembly' : url.replace(/^.*\//, '');
  };
  // The profiler's own work (the inspector session answering) is not the server's.
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const isProfilers = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      if (nodes.get(at)?.callFrame.url.startsWith('node:inspector')) return true;
    }
    return false;
  };
  const time = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    if (isProfilers(id)) return;
    const delta = profile.timeDeltas[index] ?? 0;
    total += delta;
    const part = partOf(id);
    time.set(part, (time.get(part) ?? 0) + delta);
  });
  return [...time].map(([part, spent]) => ({ part, share: spent / total })).sort((a, b) => b.share - a.share);
}
