/**
 * The SVG path of a sparkline: `values` spread evenly across `width`, the lowest at the bottom and
 * the highest at the top of `height`, inset by `padding` so a stroke is not clipped. A flat series,
 * or a single point (a market closed all day), draws a line through the middle; no points draw
 * nothing (an empty string).
 */
export function sparklinePath(values: readonly number[], width: number, height: number, padding = 1): string {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0 || width <= 0 || height <= 0) return '';
  const points = finite.length === 1 ? [finite[0] ?? 0, finite[0] ?? 0] : finite;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const innerHeight = Math.max(0, height - 2 * padding);
  const stepX = width / (points.length - 1);
  const round = (n: number) => Math.round(n * 100) / 100;
  return points
    .map((value, index) => {
      const ratio = max === min ? 0.5 : (value - min) / (max - min);
      const x = round(index * stepX);
      const y = round(padding + (1 - ratio) * innerHeight);
      return `${index === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join(' ');
}
