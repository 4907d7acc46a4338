import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

type Props = {
  length: number;
  /** One entry per box ('' when empty), so an empty box keeps the others in place. */
  value: string[];
  onChange: (value: string[]) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
};

/** One box per digit: typing moves on, Backspace moves back, pasting the whole code fills every box. */
export function PinInput({ length, value, onChange, invalid, describedBy }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? '');
  const emit = (next: string[]) => onChange(next.slice(0, length));

  const focus = (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  const setDigit = (index: number, digit: string) => {
    const next = [...digits];
    next[index] = digit;
    emit(next);
  };

  const onInput = (index: number, raw: string) => {
    const typed = raw.replace(/\D/g, '');
    if (typed.length > 1) {
      // Autofill or a fast typist put several digits into one box: spread them from here on.
      const next = [...digits];
      for (let i = 0; i < typed.length && index + i < length; i++) next[index + i] = typed[i] ?? '';
      emit(next);
      focus(index + typed.length);
      return;
    }
    setDigit(index, typed);
    if (typed) focus(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      setDigit(index - 1, '');
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, length);
    if (!pasted) return;
    event.preventDefault();
    emit(Array.from({ length }, (_, i) => pasted[i] ?? ''));
    focus(pasted.length);
  };

  return (
    <div className="flex justify-center gap-3">
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not data
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          value={digit}
          onChange={(e) => onInput(index, e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={length}
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="size-14 rounded-lg border border-line-strong bg-surface text-center text-2xl font-semibold text-ink shadow-sm focus:border-focus focus:outline-none focus:ring-2 focus:ring-focus/25 aria-invalid:border-danger"
        />
      ))}
    </div>
  );
}
