import { circle, icon, rect } from './icons';

// The signed-in screens' icons, drawn in the frame of icons.tsx (which holds the sign-in screens'
// own): kept apart so that the login page does not load them.

export const IconDashboard = icon(
  rect(3, 3, 7, 9, 1),
  rect(14, 3, 7, 5, 1),
  rect(14, 12, 7, 9, 1),
  rect(3, 16, 7, 5, 1),
);

export const IconCandles = icon(
  'M9 5v4',
  rect(7, 9, 4, 6, 1),
  'M9 15v2',
  'M17 3v2',
  rect(15, 5, 4, 8, 1),
  'M17 13v3',
  'M3 3v18h18',
);

export const IconPieChart = icon('M21.21 15.89A10 10 0 1 1 8 2.83', 'M22 12A10 10 0 0 0 12 2v10z');

export const IconLineChart = icon('M3 3v18h18', 'm19 9-5 5-4-4-3 3');

export const IconHistory = icon(
  'M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8',
  'M3 3v5h5',
  'M12 7v5l4 2',
);

export const IconUsers = icon(
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  circle(9, 7, 4),
  'M22 21v-2a4 4 0 0 0-3-3.87',
  'M16 3.13a4 4 0 0 1 0 7.75',
);

export const IconUserPlus = icon(
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  circle(9, 7, 4),
  'M19 8v6',
  'M22 11h-6',
);

export const IconUser = icon('M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2', circle(12, 7, 4));

export const IconLogOut = icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5', 'M21 12H9');

export const IconChevronDown = icon('m6 9 6 6 6-6');

export const IconMail = icon(rect(2, 4, 20, 16, 2), 'm22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7');

export const IconLock = icon(rect(3, 11, 18, 11, 2), 'M7 11V7a5 5 0 0 1 10 0v4');

export const IconCheck = icon('M20 6 9 17l-5-5');

export const IconCopy = icon(
  rect(8, 8, 14, 14, 2),
  'M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2',
);

export const IconDownload = icon('M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm7 10 5 5 5-5', 'M12 15V3');

export const IconCamera = icon(
  'M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3l-2.5-3z',
  circle(12, 13, 3),
);

export const IconMonitor = icon(rect(2, 3, 20, 14, 2), 'M8 21h8', 'M12 17v4');

export const IconSmartphone = icon(rect(5, 2, 14, 20, 2, 2), 'M12 18h.01');

export const IconChevronLeft = icon('m15 18-6-6 6-6');

export const IconChevronRight = icon('m9 18 6-6-6-6');

export const IconX = icon('M18 6 6 18', 'm6 6 12 12');

export const IconRefresh = icon(
  'M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8',
  'M21 3v5h-5',
  'M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16',
  'M8 16H3v5',
);

export const IconFish = icon(
  'M6.5 12c.94-3.46 4.94-6 8.5-6 3.56 0 6.06 3.37 7 6-.94 2.64-3.44 6-7 6s-7.56-2.54-8.5-6Z',
  'M18 12v.5',
  'M16 17.93a9.77 9.77 0 0 1 0-11.86',
  'M7 10.67C7 8 5.58 5.97 2.73 5.5c-1 1.5-1 5 .23 6.5-1.24 1.5-1.24 5-.23 6.5C5.58 18.03 7 16 7 13.33',
);

export const IconSettings = icon(
  'M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z',
  circle(12, 12, 3),
);

export const IconGift = icon(
  rect(3, 8, 18, 4, 1),
  'M12 8v13',
  'M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7',
  'M7.5 8a2.5 2.5 0 0 1 0-5A4.8 8 0 0 1 12 8a4.8 8 0 0 1 4.5-5 2.5 2.5 0 0 1 0 5',
);

export const IconBell = icon('M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0');

export const IconLifeBuoy = icon(
  circle(12, 12, 10),
  circle(12, 12, 4),
  'm4.93 4.93 4.24 4.24',
  'm14.83 9.17 4.24-4.24',
  'm14.83 14.83 4.24 4.24',
  'm9.17 14.83-4.24 4.24',
);

export const IconShare = icon(
  circle(18, 5, 3),
  circle(6, 12, 3),
  circle(18, 19, 3),
  'm8.59 13.51 6.83 3.98',
  'm15.41 6.51-6.82 3.98',
);

export const IconPaperclip = icon(
  'm21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48',
);

export const IconSend = icon('m22 2-7 20-4-9-9-4Z', 'M22 2 11 13');

export const IconPlus = icon('M5 12h14', 'M12 5v14');

export const IconMore = icon(circle(5, 12, 1.5), circle(12, 12, 1.5), circle(19, 12, 1.5));

export const IconZoomIn = icon(circle(11, 11, 8), 'm21 21-4.3-4.3', 'M11 8v6', 'M8 11h6');

export const IconZoomOut = icon(circle(11, 11, 8), 'm21 21-4.3-4.3', 'M8 11h6');

export const IconMaximize = icon(
  'M8 3H5a2 2 0 0 0-2 2v3',
  'M21 8V5a2 2 0 0 0-2-2h-3',
  'M3 16v3a2 2 0 0 0 2 2h3',
  'M16 21h3a2 2 0 0 0 2-2v-3',
);

export const IconRotateCw = icon('M21 12a9 9 0 1 1-9-9c2.52 0 4.93 1 6.74 2.74L21 8', 'M21 3v5h-5');

export const IconExternalLink = icon(
  'M15 3h6v6',
  'M10 14 21 3',
  'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6',
);
