// Branded units: a Nanoseconds cannot be passed where Bytes are expected by accident.
export type Nanoseconds = number & { readonly __unit?: 'ns' };
export type Bytes = number & { readonly __unit?: 'bytes' };

export const NS_PER_MS = 1_000_000;
export const NS_PER_S = 1_000_000_000;

export const ms = (milliseconds: number): Nanoseconds => Math.round(milliseconds * NS_PER_MS);
export const seconds = (ns: Nanoseconds): number => ns / NS_PER_S;
