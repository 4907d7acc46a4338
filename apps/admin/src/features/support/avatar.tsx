import { initialsOf } from './describe';

/** A member's picture, or their initials on a navy disc; decorative (their name is always beside it). */
export function Avatar({
  member,
  size = 'md',
}: {
  member: { name: string; email: string; profilePicture: string | null };
  size?: 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'size-14 text-lg' : 'size-10 text-sm';
  if (member.profilePicture)
    return <img src={member.profilePicture} alt="" className={`${box} shrink-0 rounded-full object-cover`} />;
  return (
    <span
      aria-hidden="true"
      className={`${box} grid shrink-0 place-items-center rounded-full bg-navy-800 font-semibold text-on-dark`}
    >
      {initialsOf(member.name, member.email)}
    </span>
  );
}
