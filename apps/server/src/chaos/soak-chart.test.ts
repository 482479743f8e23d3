import { describe, expect, it } from 'vitest';
import { drawSoak, judgeSoak, type SoakSample } from './soak-chart';

/** Sixty samples 10 s apart; `rssMb` from the given curve, the rest level. */
const run = (rss: (i: number) => number): SoakSample[] =>
  Array.from({ length: 60 }, (_, i) => ({
    t: 1_000_000 + i * 10_000,
    heapMb: 80 + (i % 3),
    rssMb: rss(i),
    handles: 40,
    loopP99Ms: 12 + (i % 5),
    dbConnections: 6,
  }));

describe('judgeSoak', () => {
  it('passes curves that hold a level, with noise and a warm-up climb', () => {
    const verdicts = judgeSoak(run((i) => (i < 8 ? 150 + i * 20 : 300 + (i % 4) * 5)));
    expect(verdicts.every((verdict) => !verdict.grows)).toBe(true);
    expect(verdicts.find((verdict) => verdict.key === 'rssMb')?.line).toMatch(
      /^RSS: \d+ MB → \d+ MB \(flat\)$/,
    );
  });

  it('fails a curve that climbs all the way, as a leak does', () => {
    const verdicts = judgeSoak(run((i) => 200 + i * 6));
    expect(verdicts.filter((verdict) => verdict.grows).map((verdict) => verdict.key)).toEqual(['rssMb']);
  });

  it('judges nothing from too few samples', () => {
    expect(judgeSoak(run((i) => 100 + i * 50).slice(0, 3)).some((verdict) => verdict.grows)).toBe(false);
  });
});

describe('drawSoak', () => {
  it('draws one curve per series, with the title escaped', () => {
    const svg = drawSoak(
      run(() => 300),
      { title: 'Soak <10 min>' },
    );
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<polyline /g)).toHaveLength(5);
    expect(svg).toContain('Soak &#60;10 min&#62;');
    expect(svg).toContain('Database connections');
  });

  it('labels a long run every few minutes, not every minute', () => {
    const hour = Array.from({ length: 361 }, (_, i) => ({
      t: 1_000_000 + i * 10_000,
      heapMb: 80,
      rssMb: 280,
      handles: 40,
      loopP99Ms: 12,
    }));
    const labels = [
      ...drawSoak(hour, { title: 'Soak: 60 min' }).matchAll(/text-anchor="middle" fill="#555">(\d+)</g),
    ]
      .map((match) => Number(match[1]))
      .filter((minute) => minute > 0);
    expect(labels).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]);
  });

  it('leaves out a series the run has not (the embedded database) and draws a limit', () => {
    const embedded = run(() => 280).map(({ dbConnections: _, ...sample }) => sample);
    const svg = drawSoak(embedded, { title: 'Soak (embedded)', limits: { rssMb: 300 } });
    expect(svg.match(/<polyline /g)).toHaveLength(4);
    expect(svg).not.toContain('Database connections');
    expect(svg).toContain('limit 300 MB');
    expect(judgeSoak(embedded).map((verdict) => verdict.key)).not.toContain('dbConnections');
  });
});
