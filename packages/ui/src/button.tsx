import type { ComponentProps } from 'react';
import { Link } from 'react-router';

/**
 * The button styles (docs/ui.md): primary is the one gold call to action of a view; secondary the white,
 * outlined alternative; danger only for what cannot be undone; ghost a quiet action in a toolbar; link a
 * button that reads as a link; onDark the secondary of navy surfaces.
 */
const variants = {
  primary: 'bg-primary text-on-primary shadow-sm hover:bg-primary-hover',
  secondary: 'border border-line-strong bg-surface text-ink shadow-sm hover:bg-sunken',
  danger: 'bg-danger text-white shadow-sm hover:bg-danger-hover',
  ghost: 'text-ink hover:bg-sunken',
  link: 'p-0! font-semibold text-ink underline decoration-primary decoration-2 underline-offset-4 hover:text-accent-text',
  onDark: 'bg-white/10 text-on-dark ring-1 ring-inset ring-white/25 hover:bg-white/20',
};

const sizes = {
  sm: 'rounded-lg px-3 py-1.5 text-sm',
  md: 'rounded-lg px-4 py-2.5 text-sm',
  lg: 'rounded-xl px-6 py-3 text-base',
};

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** The classes of a button of this variant and size, for links and other elements that look like one. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return `inline-flex items-center justify-center gap-2 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${sizes[size]} ${variants[variant]}`;
}

/** A link inside running text: navy, underlined in gold. */
export const linkClass =
  'font-semibold text-ink underline decoration-primary decoration-2 underline-offset-4 hover:text-accent-text';

type Props = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize; busy?: boolean };

/** Shared button; `busy` disables it and says so to assistive technology while a request runs. */
export function Button({
  variant = 'primary',
  size = 'md',
  busy,
  disabled,
  className = '',
  type = 'button',
  children,
  ...rest
}: Props) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${buttonClass(variant, size)} ${className}`}
      {...rest}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}

/** A router link that looks like a button (the next step of a screen, "Back to Dashboard"). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  ...rest
}: ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={`${buttonClass(variant, size)} ${className}`} {...rest} />;
}

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-current border-r-transparent ${className}`}
    />
  );
}
