/** The server's message, or the spec's fallback text. */
export const errorText = (error: unknown, fallback = 'Something went wrong') =>
  error instanceof Error && error.message ? error.message : fallback;
