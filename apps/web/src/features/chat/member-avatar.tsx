import { useState } from 'react';
import { initials } from './chat-text';

/**
 * A member's picture (or initials when there is none or it fails to load), with the online dot when their
 * presence is known. Decorative: the name beside it says who it is, the dot's state is said in words there.
 */
export function MemberAvatar({
  name,
  picture,
  online,
  size = 'md',
}: {
  name: string;
  picture: string | null;
  online?: boolean | undefined;
  size?: 'sm' | 'md';
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const shown = picture && picture !== broken ? picture : null;
  const box = size === 'sm' ? 'size-9 text-xs' : 'size-11 text-sm';
  return (
    <span aria-hidden="true" className={`relative inline-block shrink-0 ${box}`}>
      {shown ? (
        <img src={shown} alt="" onError={() => setBroken(shown)} className="size-full rounded-full object-cover" />
      ) : (
        <span className="grid size-full place-items-center rounded-full bg-navy-800 font-semibold text-accent-on-dark">
          {initials(name)}
        </span>
      )}
      {online === undefined ? null : (
        <span
          data-online={online}
          className={`absolute right-0 bottom-0 size-3 rounded-full ring-2 ring-surface ${online ? 'bg-success' : 'bg-line-strong'}`}
        />
      )}
    </span>
  );
}
