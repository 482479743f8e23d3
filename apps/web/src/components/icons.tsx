import { createElement, type ReactElement, type ReactNode, type SVGProps } from 'react';

// A small stroke icon set (24 px grid, drawn after Lucide, ISC licence). Icons are decorative by
// default (aria-hidden); the control that holds one carries the accessible name. This file holds
// the frame and the icons the sign-in screens and the app's frame draw (they load with the login
// page); the signed-in screens' other icons are in app-icons.tsx, which the login page never loads.
// Each icon is declared by its shapes, drawn in order by icon().

export interface TIconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number;
}

/** The frame every icon of the app is drawn in; icon() puts an icon's shapes in it. */
export function Svg({ size = 20, children, ...props }: TIconProps & { children?: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** One shape of an icon: a path (its `d`), or a circle or rectangle made by `circle` and `rect`. */
type TShape = string | ReactElement;

/** A circle of an icon; `fill` only where the shape is a filled dot. */
export const circle = (cx: number, cy: number, r: number, fill?: string): ReactElement => (
  <circle cx={cx} cy={cy} r={r} fill={fill} />
);

/** A (rounded) rectangle of an icon. */
export const rect = (x: number, y: number, width: number, height: number, rx: number, ry?: number) => (
  <rect width={width} height={height} x={x} y={y} rx={rx} ry={ry} />
);

/** An icon component drawing the given shapes, in order, in the frame. */
export function icon(...shapes: TShape[]) {
  const children = shapes.map((shape) =>
    typeof shape === 'string' ? createElement('path', { d: shape }) : shape,
  );
  return (props: TIconProps) => createElement(Svg, props, ...children);
}

export const IconSun = icon(
  circle(12, 12, 4),
  'M12 2v2',
  'M12 20v2',
  'm4.93 4.93 1.41 1.41',
  'm17.66 17.66 1.41 1.41',
  'M2 12h2',
  'M20 12h2',
  'm6.34 17.66-1.41 1.41',
  'm19.07 4.93-1.41 1.41',
);

export const IconMoon = icon('M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z');

export const IconArrowLeft = icon('m12 19-7-7 7-7', 'M19 12H5');

export const IconAlertTriangle = icon(
  'm21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3',
  'M12 9v4',
  'M12 17h.01',
);

export const IconShieldCheck = icon(
  'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
  'm9 12 2 2 4-4',
);

export const IconKey = icon(
  'M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z',
  circle(16.5, 7.5, 0.5, 'currentColor'),
);

export const IconEye = icon(
  'M2.06 12.35a1 1 0 0 1 0-.7 10.75 10.75 0 0 1 19.88 0 1 1 0 0 1 0 .7 10.75 10.75 0 0 1-19.88 0',
  circle(12, 12, 3),
);

export const IconEyeOff = icon(
  'M10.73 5.08A10.43 10.43 0 0 1 12 5c7 0 10 7 10 7a13.16 13.16 0 0 1-1.67 2.68',
  'M6.61 6.61A13.53 13.53 0 0 0 2 12s3 7 10 7a9.74 9.74 0 0 0 5.39-1.61',
  'm2 2 20 20',
  'M14.08 14.16a3 3 0 0 1-4.24-4.24',
);

export const IconActivity = icon(
  'M22 12h-2.48a2 2 0 0 0-1.93 1.46l-2.35 8.36a.25.25 0 0 1-.48 0L9.24 2.18a.25.25 0 0 0-.48 0l-2.35 8.36A2 2 0 0 1 4.49 12H2',
);

export const IconWallet = icon(
  'M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1',
  'M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4',
);

export const IconCheckCircle = icon(circle(12, 12, 10), 'm9 12 2 2 4-4');

export const IconXCircle = icon(circle(12, 12, 10), 'm15 9-6 6', 'm9 9 6 6');

export const IconInfo = icon(circle(12, 12, 10), 'M12 16v-4', 'M12 8h.01');

/** Google's "G" in its brand colours (a logo, so not drawn with currentColor). */
export const IconGoogle = ({ size = 18, ...props }: TIconProps) => (
  <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" {...props}>
    <path
      fill="#FFC107"
      d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.4-.4-3.5z"
    />
    <path
      fill="#FF3D00"
      d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
    />
    <path
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
    />
    <path
      fill="#1976D2"
      d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
    />
  </svg>
);
