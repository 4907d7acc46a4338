/** A member in a list's column: the name (or "No name") over the email. */
export function MemberCell({ member }: { member: { name?: string | null; email: string } }) {
  return (
    <span className="block min-w-40">
      <span className="block font-medium text-ink">{member.name || 'No name'}</span>
      <span className="block break-words text-xs text-ink-subtle">{member.email}</span>
    </span>
  );
}
