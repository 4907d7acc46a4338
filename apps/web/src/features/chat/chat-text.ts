import { messages } from '@vault/contract/messages';
import { type ChatMessage, type ChatRoom, previewText } from '@vault/contract/schemas/chat';
import dayjs from 'dayjs';
import { ApiError } from '../../lib/api';

/** The inbox's last-message line (the contract's cut); attachments by what they are. */
export function previewOf(recent: ChatRoom['recentMessage']): string {
  if (!recent) return 'No messages yet';
  const text = previewText(recent.text);
  if (!text) return recent.type === 'image' ? 'Photo' : recent.type === 'file' ? 'File' : '';
  return text;
}

/** The day a message belongs to, for the separators between days. */
export const dayKey = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

export function dayLabel(iso: string): string {
  const day = dayjs(iso).startOf('day');
  const today = dayjs().startOf('day');
  if (day.isSame(today)) return 'Today';
  if (day.isSame(today.subtract(1, 'day'))) return 'Yesterday';
  return day.format(day.year() === today.year() ? 'dddd, MMMM D' : 'MMMM D, YYYY');
}

export const timeLabel = (iso: string) => dayjs(iso).format('h:mm a');

/** The inbox shows a time for today's last message and a date for older ones. */
export const listTimeLabel = (iso: string) =>
  dayjs(iso).isSame(dayjs(), 'day') ? timeLabel(iso) : dayjs(iso).format('MMM D');

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * The server's message for a failed chat call, or the spec's fallback when none of ours arrived: 'Something
 * went wrong' in a conversation, 'Something Went Wrong' for the list (spec 2 §8).
 */
export function chatErrorText(error: unknown, where: 'chat' | 'list' = 'chat'): string {
  const fallback = where === 'list' ? messages.chatSomethingWentWrongList : messages.somethingWentWrong;
  if (error instanceof ApiError) return error.body.code === 'UNKNOWN' ? fallback : error.message;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** What a screen reader hears when a message arrives in the open conversation. */
export function spokenMessage(message: ChatMessage, from: string): string {
  const what = message.text || (message.type === 'image' ? 'a photo' : `a file, ${message.fileName ?? ''}`);
  return `New message from ${from}: ${what}`;
}
