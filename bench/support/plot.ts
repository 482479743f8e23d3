// Draws the benchmarks' growth curves as SVG files (one line per series), with no charting
// library, for the docs.
import { writeFileSync } from 'node:fs';

export interface Series {
  name: string;
  /** y for each x of the plot, in order; NaN leaves a gap. */
  values: number[];
  dashed?: boolean;
}

const COLOURS = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#57606a'];
const WIDTH = 640;
const HEIGHT = 360;
const LEFT = 70;
const RIGHT = 170;
const TOP = 40;
const BOTTOM = 50;

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const tidy = (value: number) =>
  value >= 1000
    ? value.toLocaleString('en-US', { maximumFractionDigits: 0 })
    : String(Number(value.toPrecision(3)));

/**
 * A growth curve as an SVG file: the x values evenly spaced (they grow tenfold or fourfold, so a
 * log scale in effect), one line per series with its points marked, y from 0 to the largest value.
 */
export function plotCurve(
  file: string,
  plot: { title: string; xLabel: string; yLabel: string; xs: number[]; series: Series[] },
): void {
  const innerW = WIDTH - LEFT - RIGHT;
  const innerH = HEIGHT - TOP - BOTTOM;
  const all = plot.series.flatMap((s) => s.values).filter(Number.isFinite);
  const top = Math.max(...all, 0) * 1.1 || 1;
  const xAt = (i: number) => LEFT + (plot.xs.length === 1 ? innerW / 2 : (i * innerW) / (plot.xs.length - 1));
  const yAt = (value: number) => TOP + innerH - (value / top) * innerH;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<title>${xmlText(plot.title)}</title>`,
    '<rect width="100%" height="100%" fill="#fff"/>',
    `<text x="${LEFT}" y="22" font-size="14" font-weight="bold">${xmlText(plot.title)}</text>`,
    `<line x1="${LEFT}" y1="${TOP + innerH}" x2="${LEFT + innerW}" y2="${TOP + innerH}" stroke="#999"/>`,
    `<line x1="${LEFT}" y1="${TOP}" x2="${LEFT}" y2="${TOP + innerH}" stroke="#999"/>`,
    `<text x="${LEFT + innerW / 2}" y="${HEIGHT - 10}" text-anchor="middle" fill="#333">${xmlText(plot.xLabel)}</text>`,
    `<text x="16" y="${TOP + innerH / 2}" text-anchor="middle" fill="#333" transform="rotate(-90 16 ${TOP + innerH / 2})">${xmlText(plot.yLabel)}</text>`,
  ];
  for (const fraction of [0, 0.25, 0.5, 0.75, 1]) {
    const value = (top / 1.1) * fraction;
    const y = yAt(value);
    parts.push(
      `<line x1="${LEFT}" y1="${y.toFixed(1)}" x2="${LEFT + innerW}" y2="${y.toFixed(1)}" stroke="#eee"/>`,
      `<text x="${LEFT - 6}" y="${(y + 4).toFixed(1)}" text-anchor="end" fill="#555">${tidy(value)}</text>`,
    );
  }
  plot.xs.forEach((x, i) => {
    parts.push(
      `<text x="${xAt(i).toFixed(1)}" y="${TOP + innerH + 18}" text-anchor="middle" fill="#555">${tidy(x)}</text>`,
    );
  });
  plot.series.forEach((series, index) => {
    const colour = COLOURS[index % COLOURS.length];
    const points = series.values
      .map((value, i) => (Number.isFinite(value) ? `${xAt(i).toFixed(1)},${yAt(value).toFixed(1)}` : ''))
      .filter(Boolean);
    parts.push(
      `<polyline fill="none" stroke="${colour}" stroke-width="2"${series.dashed ? ' stroke-dasharray="6 4"' : ''} points="${points.join(' ')}"/>`,
      ...points.map((point) => {
        const [cx, cy] = point.split(',');
        return `<circle cx="${cx}" cy="${cy}" r="3" fill="${colour}"/>`;
      }),
      `<line x1="${WIDTH - RIGHT + 14}" y1="${TOP + 8 + index * 20}" x2="${WIDTH - RIGHT + 34}" y2="${TOP + 8 + index * 20}" stroke="${colour}" stroke-width="2"${series.dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      `<text x="${WIDTH - RIGHT + 40}" y="${TOP + 12 + index * 20}" fill="#333">${xmlText(series.name)}</text>`,
    );
  });
  parts.push('</svg>');
  writeFileSync(file, `${parts.join('\n')}\n`);
}
