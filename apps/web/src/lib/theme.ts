/**
 * A colour token's value as index.css defines it (`--color-<name>`), for what cannot refer to a CSS
 * variable: a picture drawn as a data URL is a document of its own, which the page's variables do not reach.
 */
export function themeColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(`--color-${name}`).trim();
}
