import type { Permission } from '@vault/contract/schemas/admin-auth';

export type NavEntry = { to: string; label: string; permission: Permission };

/**
 * The back office's screens, in the menu's order, each with the permission its calls need (contract
 * PERMISSIONS): an administrator sees only what their role may open. Only screens that exist are listed:
 * Settings adds its line when it is built (issue 11 item 3), never
 * before. The first entry a role may open is where /admin lands.
 */
export const NAV: NavEntry[] = [
  { to: '/overview', label: 'Overview', permission: 'members.read' },
  { to: '/members', label: 'Members', permission: 'members.read' },
  { to: '/support', label: 'Support', permission: 'chat.support' },
  { to: '/approvals', label: 'Approvals', permission: 'members.read' },
  { to: '/wires', label: 'Wires', permission: 'members.read' },
  { to: '/redemptions', label: 'Redemptions', permission: 'members.read' },
  { to: '/purchases', label: 'Purchases', permission: 'members.read' },
  { to: '/plans', label: 'Plans', permission: 'members.read' },
  { to: '/opportunities', label: 'Opportunities', permission: 'members.read' },
  { to: '/acquire-requests', label: 'Acquire requests', permission: 'members.read' },
  { to: '/marketplace', label: 'Marketplace', permission: 'members.read' },
  { to: '/ledger', label: 'Ledger', permission: 'ledger.read' },
  { to: '/catalogue', label: 'Catalogue', permission: 'ledger.read' },
  { to: '/notifications', label: 'Notifications', permission: 'notifications.send' },
  { to: '/outbox', label: 'Outbox', permission: 'outbox.read' },
  { to: '/audit', label: 'Audit log', permission: 'members.read' },
  { to: '/settings', label: 'Settings', permission: 'members.read' },
  { to: '/administrators', label: 'Administrators', permission: 'admins.manage' },
];
