import type { Context } from '../../context.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { TransactionLogService } from '../transaction-log/service.ts';
import { auditDesk } from './audit.ts';
import { entryDesk } from './entries.ts';
import { memberFile } from './member-file.ts';
import { memberDesk } from './members.ts';
import { noticeDesk } from './notices.ts';
import { overviewDesk } from './overview.ts';
import { reserveDesk } from './reserves.ts';

type Deps = {
  ledger: Ledger;
  sessions: SessionService;
  transactionLog: TransactionLogService;
  notifications: NotificationService;
};

/**
 * The back office's reads (issue 11): members and a member's file, the ledger's entries, the audit log,
 * the overview; ending a member's sessions, notifying every member and the reserves recorded (the one table
 * it owns, `reserve_records`). Every other part asks the owners (members,
 * auth, ledger, requests, admin) through their functions. One file per concern.
 */
export function backofficeService(ctx: Context, deps: Deps) {
  return {
    members: memberDesk(ctx, deps),
    memberFile: memberFile(ctx, deps),
    entries: entryDesk(ctx),
    audit: auditDesk(ctx),
    overview: overviewDesk(ctx),
    notices: noticeDesk(ctx, deps),
    reserves: reserveDesk(ctx),
  };
}

export type BackofficeService = ReturnType<typeof backofficeService>;
