/** One sample of a soak run, every 10 s. */
export interface SoakSample {
  t: number;
  heapMb: number;
  rssMb: number;
  handles: number;
  loopP99Ms: number;
  /** PostgreSQL's connections of the run's database; absent on the embedded database. */
  dbConnections?: number;
}

type Series = Exclude<keyof SoakSample, 't'>;

/** Each curve, its unit, and what it may rise by before it counts as growing (beyond 15 %). */
const SERIES: ReadonlyArray<{ key: Series; label: string; unit: string; slack: number }> = [
  { key: 'rssMb', label: 'RSS', unit: 'MB', slack: 40 },
  { key: 'heapMb', label: 'Heap used', unit: 'MB', slack: 20 },
  { key: 'handles', label: 'Active handles', unit: '', slack: 20 },
  { key: 'loopP99Ms', label: 'Event-loop delay p99', unit: 'ms', slack: 25 },
  { key: 'dbConnections', label: 'Database connections', unit: '', slack: 3 },
];
const RELATIVE_SLACK = 0.15;
/** The first share of a run is warm-up (caches filling, JIT): left out of the judgement. */
const WARM_UP_SHARE = 0.2;

/** The series a run has: every sample carries it. */
const seriesOf = (samples: readonly SoakSample[]) =>
  SERIES.filter(({ key }) => samples.length > 0 && samples.every((sample) => sample[key] !== undefined));
const readingOf = (sample: SoakSample, key: Series) => sample[key] ?? 0;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Whether each curve keeps growing: after the warm-up, the median of the second half against the
 * median of the first. A level that holds (with noise) passes; a leak, which climbs all the way,
 * does not.
 */
export function judgeSoak(samples: readonly SoakSample[]) {
  const steady = samples.slice(Math.floor(samples.length * WARM_UP_SHARE));
  const half = Math.floor(steady.length / 2);
  return seriesOf(samples).map(({ key, label, unit, slack }) => {
    const before = median(steady.slice(0, half).map((sample) => readingOf(sample, key)));
    const after = median(steady.slice(half).map((sample) => readingOf(sample, key)));
    const grows = steady.length >= 4 && after > before * (1 + RELATIVE_SLACK) + slack;
    const shown = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)}${unit ? ` ${unit}` : ''}`;
    return {
      key,
      grows,
      line: `${label}: ${shown(before)} → ${shown(after)} (${grows ? 'GROWS' : 'flat'})`,
    };
  });
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The curves as one SVG: a panel per series, time across in minutes, its range written beside it;
 * a series' limit (`limits`), when given, is drawn as a dashed red line.
 */
export function drawSoak(
  samples: readonly SoakSample[],
  options: { title: string; limits?: Partial<Record<Series, number>> },
): string {
  const series = seriesOf(samples);
  const width = 720;
  const panel = 110;
  const left = 190;
  const right = 20;
  const top = 40;
  const height = top + series.length * panel + 30;
  const start = samples[0]?.t ?? 0;
  const end = samples[samples.length - 1]?.t ?? start + 1;
  const x = (t: number) => left + ((t - start) / Math.max(1, end - start)) * (width - left - right);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(options.title)}</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="24" font-size="14" font-weight="bold">${escapeXml(options.title)}</text>`,
  ];
  series.forEach(({ key, label, unit }, index) => {
    const y0 = top + index * panel;
    const values = samples.map((sample) => readingOf(sample, key));
    const limit = options.limits?.[key];
    const max = Math.max(1, limit ?? 0, ...values) * 1.1;
    const y = (value: number) => y0 + panel - 20 - (value / max) * (panel - 30);
    const points = samples
      .map((sample) => `${x(sample.t).toFixed(1)},${y(readingOf(sample, key)).toFixed(1)}`)
      .join(' ');
    const low = Math.min(...values);
    const high = Math.max(...values);
    parts.push(
      `<text x="10" y="${y0 + 20}" font-weight="bold">${escapeXml(label)}</text>`,
      `<text x="10" y="${y0 + 38}" fill="#555">${low.toFixed(1)}–${high.toFixed(1)}${unit ? ` ${unit}` : ''}</text>`,
      `<line x1="${left}" y1="${y(0)}" x2="${width - right}" y2="${y(0)}" stroke="#999"/>`,
      // The scale's top, inside the panel: beside the series' name it would run into a long one.
      `<text x="${left + 4}" y="${y(max / 1.1) - 4}" fill="#555">${(max / 1.1).toFixed(0)}</text>`,
      `<text x="${left - 6}" y="${y(0) + 4}" text-anchor="end" fill="#555">0</text>`,
      `<polyline fill="none" stroke="#1f6feb" stroke-width="1.5" points="${points}"/>`,
    );
    if (limit !== undefined)
      parts.push(
        `<line x1="${left}" y1="${y(limit).toFixed(1)}" x2="${width - right}" y2="${y(limit).toFixed(1)}" stroke="#d1242f" stroke-dasharray="6 4"/>`,
        `<text x="${width - right}" y="${(y(limit) - 4).toFixed(1)}" text-anchor="end" fill="#d1242f">limit ${limit}${unit ? ` ${unit}` : ''}</text>`,
      );
  });
  const minutes = Math.round((end - start) / 60_000);
  // A label every 1, 5 or 10 minutes: at most a dozen across the width.
  const step = [1, 5, 10, 15, 30].find((every) => minutes / every <= 12) ?? 60;
  for (let minute = 0; minute <= minutes; minute += step) {
    const tx = x(start + minute * 60_000);
    parts.push(
      `<text x="${tx.toFixed(1)}" y="${height - 10}" text-anchor="middle" fill="#555">${minute}</text>`,
    );
  }
  parts.push(
    `<text x="${left - 12}" y="${height - 10}" text-anchor="end" fill="#555">minutes</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
