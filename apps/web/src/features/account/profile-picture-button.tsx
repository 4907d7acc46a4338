import { useQueryClient } from '@tanstack/react-query';
import { LIMITS, PROFILE_PICTURE_TYPES } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import type { UserInfo, UserInfoResponse } from '@vault/contract/schemas/user';
import { Spinner } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { type ChangeEvent, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';
import { toast } from '../../lib/toast';

const ACCEPT = PROFILE_PICTURE_TYPES.join(',');

/** Upload the file, then point the profile at the returned url (spec 1 §4 "Profile picture upload"). */
async function uploadPicture(file: File) {
  const form = new FormData();
  // The server reads `type` before the file part, so it goes first.
  form.append('type', 'profilePicture');
  form.append('file', file);
  const upload = await api<{ message: string; url: string }>('storage/upload', { body: form });
  return api<{ message: string; data: UserInfo }>('user/update-profile-picture', {
    body: { profilePicture: upload.url },
  });
}

type Props = { user: UserInfo; size?: 'sm' | 'lg' };

/** The member's picture (or initials); clicking it picks a new png, gif or jpeg. */
export function ProfilePictureButton({ user, size = 'sm' }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // A picture that fails to load falls back to initials instead of a broken-image icon.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const picture = user.profilePicture && user.profilePicture !== brokenUrl ? user.profilePicture : null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again should still fire
    if (!file) return;
    if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) {
      toast.error(messages.fileTypeNotAllowed);
      return;
    }
    if (file.size > LIMITS.uploadMaxBytes) {
      toast.error(messages.fileTooLarge);
      return;
    }
    setBusy(true);
    try {
      const res = await uploadPicture(file);
      queryClient.setQueryData<UserInfoResponse>(queryKeys.userInfo, (old) => old && { ...old, user: res.data });
      toast.success(res.message);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const box = size === 'lg' ? 'size-16 text-xl' : 'size-10 text-sm';
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={busy}
        title="Change profile picture"
        className={`group relative shrink-0 overflow-hidden rounded-full ring-2 ring-white/80 ${box}`}
      >
        {/* The name is this text alone: the initials are a picture of the member, not the button's label. */}
        <span className="sr-only">Change profile picture</span>
        {picture ? (
          <img src={picture} alt="" onError={() => setBrokenUrl(picture)} className="size-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-full place-items-center bg-navy-800 font-semibold text-accent-on-dark"
          >
            {initials(user.name)}
          </span>
        )}
        <span
          aria-hidden="true"
          className={`absolute inset-0 grid place-items-center bg-navy-900/60 text-on-dark transition-opacity ${busy ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100'}`}
        >
          {busy ? <Spinner /> : <CameraIcon />}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        onChange={onFile}
        aria-label="Profile picture file"
        tabIndex={-1}
        className="sr-only"
      />
    </>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

function CameraIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}
