import type { ChangeEvent } from 'react';

/** Digits after the point as typed. */
export const typedDecimals = (value: string) => /\.(\d*)/.exec(value)?.[1]?.length ?? 0;

/**
 * An amount field that refuses a keystroke going past `max` decimals (spec 2 §5: at most 8): the field keeps
 * what it had, the caret where it was. Returns the onChange to put before react-hook-form's own.
 */
export function decimalGuard(max: number, onChange: (event: ChangeEvent<HTMLInputElement>) => unknown) {
  let last = '';
  return (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    if (typedDecimals(input.value) > max) {
      const caret = Math.max(0, (input.selectionStart ?? input.value.length) - (input.value.length - last.length));
      input.value = last;
      input.setSelectionRange(caret, caret);
      return;
    }
    last = input.value;
    void onChange(event);
  };
}
