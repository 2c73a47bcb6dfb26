// A chunk the page imports when first asked for (lessons, the presets' words): one import shared
// by every request, its value kept once it is here; a failed import is tried again next time.

export interface OnDemand<T> {
  load(): Promise<T>;
  /** The value, once loaded (null before). */
  readonly value: T | null;
}

export function onDemand<T>(importValue: () => Promise<T>): OnDemand<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= importValue().then(
        (v) => (value = v),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    get value() {
      return value;
    },
  };
}
