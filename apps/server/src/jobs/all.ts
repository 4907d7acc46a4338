import { expireAcquireRequests } from './expire-acquire-requests.ts';
import { expireRedemptions } from './expire-redemptions.ts';
import { expireWires } from './expire-wires.ts';
import type { JobDefinition } from './job.ts';
import { pruneEvents } from './prune-events.ts';
import { removeUnusedUploads } from './remove-unused-uploads.ts';
import { renewSubscriptions } from './renew-subscriptions.ts';
import { sendMail } from './send-mail.ts';

/** Every job the worker knows: queues are created for all of them, scheduled ones are scheduled. */
export const JOBS: JobDefinition[] = [
  sendMail,
  removeUnusedUploads,
  pruneEvents,
  expireWires,
  expireRedemptions,
  expireAcquireRequests,
  renewSubscriptions,
];
