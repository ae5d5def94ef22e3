/** A figure shown to users, rounded to `digits` decimals (default one). */
export const roundTo = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;
