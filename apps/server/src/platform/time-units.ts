// Lengths of time in milliseconds, and the weekday numbers `getUTCDay()` gives.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const SUNDAY = 0;
export const WEDNESDAY = 3;
export const FRIDAY = 5;
export const SATURDAY = 6;
