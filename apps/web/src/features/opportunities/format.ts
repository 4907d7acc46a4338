import { DISPLAY_DECIMALS } from '@vault/contract/constants';
import dayjs from 'dayjs';
import { grouped, usd } from '../../lib/money-format';

/** Units of a pool, to 2 decimals (spec 2 §9): '1,250.50'. */
export const units = (amount: string) => grouped(amount, DISPLAY_DECIMALS.opportunity);
/** A price per unit or a total in dollars (Q = 1 USD), to the cent. */
export const price = (amount: string) => usd(amount);
/** A day ('Nov 23, 2026'): updated and due dates. */
export const day = (iso: string) => dayjs(iso).format('MMM D, YYYY');
