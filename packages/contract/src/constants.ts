/** Business constants of spec 1 §9 and the limits we chose for the account-access area. */
export const APP_VERSION_LINE = '1.0.0 (build 1.0.8)';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
export const NAME_MIN = 2;
export const NAME_MAX = 60;
export const RESET_CODE_DIGITS = 4;

export const NOTIFICATION_POLL_MS = 300_000;
export const REFRESH_SPINNER_MS = 1_000;
export const SPLASH_MS = 1_000;
export const TOAST_MS = 5_000;
export const CAROUSEL_INTERVAL_MS = 5_000;
/** Carousel items shown from each viewport width up (spec 1 §9). */
export const CAROUSEL_BREAKPOINTS = [
  { minWidth: 1024, items: 3 },
  { minWidth: 600, items: 2 },
  { minWidth: 0, items: 1 },
] as const;

/** Abuse limits (issue 2 §4). */
export const LIMITS = {
  resetCodeTtlMinutes: 10,
  resetCodeMaxWrongTries: 5,
  resetCodesPerHour: 3,
  /** Failed logins for one account from one IP before that pair is paused. */
  loginFailuresPerAccountAndIp: 5,
  /** Failed logins from one IP, any account, before the IP is paused. */
  loginFailuresPerIp: 30,
  /** Failed logins for one account from unknown IPs before unknown IPs are paused for it. */
  loginFailuresPerAccount: 20,
  loginWindowMinutes: 15,
  signUpsPerIpPerHour: 10,
  publicFormsPerIpPerHour: 10,
  verificationMailsPerHour: 3,
  uploadMaxBytes: 5 * 1024 * 1024,
  // Uploads (issue 8): who may store how much, and how long what is not in use is kept.
  /** Sum of a member's stored uploads (the quota message states it too). */
  uploadQuotaBytes: 20 * 1024 * 1024,
  /** Upload requests per member per hour, both upload routes together. */
  uploadsPerMemberPerHour: 30,
  /** A signed URL of a private file is valid at least this long (and at most 5 minutes longer). */
  fileUrlTtlMinutes: 15,
  /** Uploads not in use (never referenced, or replaced) are removed once they are this old. */
  unusedUploadHours: 24,
  resetTokenTtlMinutes: 15,
  /** Absolute lifetime of a member's session (issue 8: was 30). */
  sessionTtlDays: 7,
  // Issue 8, account takeover bounds (ARCHITECTURE.md "Sessions" and "Account access rules").
  /**
   * Wrong reset codes per account in any rolling 30 days; then resets pause. 100 wrong tries = 20 codes of
   * 5 distinct guesses: P(take over) = 1 - (1 - 5/10,000)^20 ≈ 0.995 % over 30 days of continuous attack.
   */
  resetWrongCodesPer30Days: 100,
  /** Absolute lifetime of an administrator's session. */
  adminSessionTtlHours: 12,
  /** A session unused this long is over (the web app also logs an untouched tab out after it). */
  sessionIdleMinutes: 30,
  adminSessionIdleMinutes: 15,
  /** Sends refused after validation (unknown recipient, balance, to oneself) before a member's sends pause for the hour. */
  failedSendsPerHour: 20,
  /**
   * A swap quote is firm this long (issue 10 §5): the member reads it and confirms; after it, or once the
   * rate has moved by more than the spread, the swap is refused and the screen asks for a new quote.
   */
  swapQuoteSeconds: 60,
} as const;

export const PROFILE_PICTURE_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;
/** `chat`: a chat attachment (issue 15): images and office files, private to the room's members. */
export const UPLOAD_TYPES = ['profilePicture', 'signature', 'directWire', 'chat'] as const;

/**
 * Profile pictures are public; every other kind (signatures: the membership's, a remittance address's
 * `directWire`; later chat attachments) is private.
 */
export const PUBLIC_UPLOAD_TYPES = ['profilePicture'] as const;
/**
 * A reference to an upload as the member may hand it back: its stable path (`/uploads/<name>`), or the
 * signed URL of a private file (`/api/storage/files/<viewer>/<expires>/<signature>/<name>`) the server gave.
 */
export const UPLOAD_REFERENCE =
  /^\/uploads\/[A-Za-z0-9._-]+$|^\/api\/storage\/files\/(?:[A-Za-z0-9_-]+\/){3}[A-Za-z0-9._-]+$/;

/**
 * Display decimals (spec 1 §9, spec 2 §9): USD 2, crypto wallets 5, opportunity tokens 2, rates 3, 24h
 * change 4; native wallets show their token's own decimals.
 */
export const DISPLAY_DECIMALS = { usd: 2, crypto: 5, opportunity: 2, rate: 3, change: 4 } as const;
