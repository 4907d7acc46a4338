import { type ChatMessageType, previewText } from '@vault/contract/schemas/chat';

/**
 * How the support desk words a conversation: the spec's cuts (spec 2 §9: a file name shows its last 28
 * characters, a last-message preview 25), days and times in the reader's zone.
 */

/** A room's last message in the inbox: its text cut as the contract says, or what was attached. */
export function previewOf(message: { text: string; type: ChatMessageType }) {
  if (message.text) return previewText(message.text);
  return message.type === 'image' ? 'Image' : 'File';
}

const localKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
const longDay = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** The local day of an instant, to group a conversation's messages under day separators. */
export const dayKey = (iso: string) => localKey(new Date(iso));

/** A day separator's words: "Today", "Yesterday", else "Monday 23 November 2026". */
export function dayLabel(iso: string, now = new Date()) {
  const key = dayKey(iso);
  if (key === localKey(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === localKey(yesterday)) return 'Yesterday';
  return longDay.format(new Date(iso));
}

/** A message's time of day: "14:05". */
export const timeOf = (iso: string) => clock.format(new Date(iso));

/** When a room last moved, in the inbox: the time today, else the day ("23 Nov"). */
export const whenShort = (iso: string, now = new Date()) =>
  dayKey(iso) === localKey(now) ? timeOf(iso) : shortDay.format(new Date(iso));

/** Up to two initials of a member's name (their e-mail's first letter without one), for the avatar. */
export function initialsOf(name: string, email: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((w) => w[0]) : [email[0] ?? '?'];
  return letters.join('').toUpperCase();
}
