import { CHAT_LIMITS, userSearchQuery } from '@vault/contract/schemas/chat';
import { Button, Spinner } from '@vault/ui/button';
import { inputClass } from '@vault/ui/field';
import { useEffect, useId, useState } from 'react';
import { toast } from '../../lib/toast';
import { useCreateRoom, useMemberSearch } from './chat-queries';
import { chatErrorText } from './chat-text';
import { MemberAvatar } from './member-avatar';

/**
 * Find a member to write to (GET user/search, the spec's 30 a page): the search runs 2 s after the last key
 * (spec 2 §9), so typing a name asks once. Choosing a member opens the room with them (chat/room/create).
 */
export function MemberSearch({ onOpen }: { onOpen: (roomId: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const create = useCreateRoom();

  useEffect(() => {
    // The contract's rule for the keyword (trimmed, at most 100 characters).
    const parsed = userSearchQuery.shape.keyword.safeParse(typed);
    const next = parsed.success ? parsed.data : '';
    if (next === '') {
      setKeyword('');
      return;
    }
    const timer = setTimeout(() => setKeyword(next), CHAT_LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed]);

  const search = useMemberSearch(keyword);
  const waiting = typed.trim() !== '' && (typed.trim() !== keyword || search.isFetching);
  const results = keyword ? (search.data ?? []) : [];

  const start = (userId: string) =>
    create.mutate(userId, {
      onSuccess: (room) => {
        setTyped('');
        setKeyword('');
        onOpen(room._id);
      },
      onError: (error) => toast.error(chatErrorText(error)),
    });

  return (
    <div className="border-b border-line p-4">
      <label htmlFor={id} className="sr-only">
        Search members
      </label>
      <div className="relative">
        <input
          id={id}
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setTyped('');
          }}
          placeholder="Search members by name"
          autoComplete="off"
          maxLength={100}
          aria-describedby={`${id}-hint`}
          className={`${inputClass} pr-9`}
        />
        {waiting ? (
          <span className="absolute top-1/2 right-3 -translate-y-1/2 text-ink-subtle">
            <Spinner />
          </span>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="sr-only">
        Results appear two seconds after you stop typing.
      </p>
      {keyword && !search.isFetching ? (
        <div role="status" className="mt-2">
          {search.isError ? (
            <p className="text-sm text-danger">{chatErrorText(search.error, 'list')}</p>
          ) : results.length === 0 ? (
            <p className="text-sm text-ink-muted">No members found for “{keyword}”.</p>
          ) : (
            <p className="sr-only">{results.length} members found</p>
          )}
        </div>
      ) : null}
      {results.length > 0 ? (
        <ul
          aria-label="Members found"
          className="mt-2 max-h-72 divide-y divide-line overflow-y-auto rounded-xl ring-1 ring-line"
        >
          {results.map((member) => (
            <li key={member._id} className="flex items-center gap-3 px-3 py-2">
              <MemberAvatar name={member.name} picture={member.picture} size="sm" />
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">{member.name}</span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => start(member._id)}
                busy={create.isPending && create.variables === member._id}
                disabled={create.isPending}
                aria-label={`Message ${member.name}`}
              >
                Message
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
