import type { StoredKind } from './service.ts';

/** The member a signed URL was made for, as far as seeing files goes (null: no such live member). */
export type Viewer = { id: string; role: 'member' | 'admin' } | null;
export type PrivateFile = { userId: string; kind: StoredKind };

/**
 * Who may see a private upload (a membership signature, a remittance address's directWire signature): its
 * owner and administrators. This is the one place for the rule: chat attachments (a later issue) add "a
 * member of the file's room" here, which is why it may query. Anyone else gets the same 404 as for a file
 * that does not exist.
 */
export async function mayView(viewer: Viewer, file: PrivateFile): Promise<boolean> {
  if (!viewer) return false;
  return viewer.id === file.userId || viewer.role === 'admin';
}
