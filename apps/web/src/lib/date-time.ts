// dayjs (with its plugin) is its own module so the pages that show no dates (the public site) do not
// download it.
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

dayjs.extend(advancedFormat);

/** The spec's date format for notifications (spec 1 §2): 'MMMM Do YYYY, h:mm:ss a'. */
export const formatDateTime = (iso: string) => dayjs(iso).format('MMMM Do YYYY, h:mm:ss a');
