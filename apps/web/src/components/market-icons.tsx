import { circle, icon } from './icons';

// Icons of the market screens, in the same 24 px stroke style as icons.tsx (drawn after Lucide,
// ISC licence). Decorative: the control that holds one carries the accessible name.

export const IconStar = icon(
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z',
);

export const IconSearch = icon(circle(11, 11, 8), 'm21 21-4.3-4.3');

export const IconArrowUp = icon('m5 12 7-7 7 7', 'M12 19V5');

export const IconArrowDown = icon('M12 5v14', 'm19 12-7 7-7-7');

export const IconChevronsUpDown = icon('m7 15 5 5 5-5', 'm7 9 5-5 5 5');

export const IconClock = icon(circle(12, 12, 10), 'M12 6v6l4 2');
