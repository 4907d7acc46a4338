import { messages } from '@vault/contract/messages';

const HIDDEN = messages.outboxHidden;

/** A link in a mail (the capture keeps links in the parts `split` returns). */
const LINK = /(\bhttps?:\/\/\S+)/;
/**
 * A token wherever it sits (a link's path, pasted in the text): a long run of letters and digits. Both
 * must be there, so a long name or word is left alone.
 */
const TOKEN = /[A-Za-z0-9_-]{24,}/g;
const hideToken = (run: string) => (/\d/.test(run) && /[A-Za-z]/.test(run) ? HIDDEN : run);
/**
 * A one-time code outside links: a number of 4 to 8 digits on its own (reset codes have 4), unless it is
 * the year of a date ("Sun, 22 Nov 2026 22:30:13 GMT", "2026-11-22"): mails say when things happened.
 */
const CODE = /(?<![\w.])(?<!\b\d{1,2} [A-Z][a-z]{2} )\d{4,8}(?![\w]|\.\d|-\d{2}-\d{2})/g;

/** A link with every query value (verification links carry their token there) and its fragment hidden. */
function redactLink(link: string) {
  const [address = '', query] = link.split(/[?#]/, 2);
  const hasQuery = link.charAt(address.length) === '?';
  const path = address.replace(TOKEN, hideToken);
  if (!hasQuery || query === undefined) return link.length > address.length ? `${path}#${HIDDEN}` : path;
  const params = query.split('&').map((pair) => `${pair.split('=')[0]}=${HIDDEN}`);
  return `${path}?${params.join('&')}`;
}

/**
 * A mail as the back office may see it: an administrator reading the outbox must not be able to use a
 * member's reset code or verification link, but still sees which mail went to whom, when, and what it
 * said around them (issue 8 item 7).
 */
export function redactMail(text: string): string {
  return text
    .split(LINK)
    .map((part, i) => (i % 2 === 1 ? redactLink(part) : part.replace(TOKEN, hideToken).replace(CODE, HIDDEN)))
    .join('');
}
