import type { Db } from '../../db/client.ts';
import { mayViewAttachment } from '../chat/attachment-access.ts';
import { storedPath } from './file-urls.ts';
import type { StoredKind } from './service.ts';

/** The member a signed URL was made for, as far as seeing files goes (null: no such live member). */
export type Viewer = { id: string; role: 'member' | 'admin' } | null;
export type PrivateFile = { userId: string; kind: StoredKind; fileName: string };

/**
 * Who may see a private upload (a membership signature, a remittance address's directWire signature, a chat
 * attachment): its owner and administrators, and for a chat attachment (issue 15) the members of a room it was
 * sent in (the chat module answers that: its tables). This is the one place for the rule. Anyone else gets the
 * same 404 as for a file that does not exist.
 */
export async function mayView(db: Db, viewer: Viewer, file: PrivateFile): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.id === file.userId || viewer.role === 'admin') return true;
  return file.kind === 'chat' && mayViewAttachment(db, storedPath(file.fileName), viewer.id);
}
