import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

dayjs.extend(advancedFormat);

/** The spec's date format for notifications (spec 1 §2): 'MMMM Do YYYY, h:mm:ss a'. */
export const formatDateTime = (iso: string) => dayjs(iso).format('MMMM Do YYYY, h:mm:ss a');

/** The server's message, or the spec's fallback text. */
export const errorText = (error: unknown, fallback = 'Something went wrong') =>
  error instanceof Error && error.message ? error.message : fallback;
