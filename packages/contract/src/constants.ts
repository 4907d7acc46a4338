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
  resetTokenTtlMinutes: 15,
  sessionTtlDays: 30,
} as const;

export const PROFILE_PICTURE_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;
export const UPLOAD_TYPES = ['profilePicture', 'signature'] as const;

/**
 * Display decimals (spec 1 §9, spec 2 §9): USD 2, crypto wallets 5, opportunity tokens 2, rates 3, 24h
 * change 4; native wallets show their token's own decimals.
 */
export const DISPLAY_DECIMALS = { usd: 2, crypto: 5, opportunity: 2, rate: 3, change: 4 } as const;
