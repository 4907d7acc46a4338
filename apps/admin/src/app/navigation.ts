import type { Permission } from '@vault/contract/schemas/admin-auth';

export type NavEntry = { to: string; label: string; permission: Permission };

/**
 * The back office's screens, in the menu's order, each with the permission its calls need (contract
 * PERMISSIONS): an administrator sees only what their role may open. Only screens that exist are listed:
 * Overview, Approvals, Ledger, Catalogue, Settings, Notifications, Outbox and Audit add their line when they
 * are built (issue 11 item 3), never before.
 */
export const NAV: NavEntry[] = [{ to: '/members', label: 'Members', permission: 'members.read' }];
