import { lastDayToAddValue, rescissionDeadline, vestingDate, vestingStart } from '@vault/contract/agreement';
import dayjs from 'dayjs';
import { useMemo } from 'react';

/**
 * The agreement's terms with their dates (spec 1 §9: vesting from January 2 of next year for at least one
 * year and one day, the last day to add value December 31, rescission within 5 business days), shared by
 * the membership application's acknowledgement and the remittance hub's Remittance Agreement.
 */

const longDate = (iso: string) => dayjs(iso).format('MMMM D, YYYY');

/** A date of the agreement, in words, marked up as a date. */
export function AgreementDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="font-semibold text-ink">
      {longDate(iso)}
    </time>
  );
}

/** The agreement's dates, computed from the day the member reads it (spec 1 §9). */
export function useAgreementDates() {
  return useMemo(() => {
    const today = new Date();
    return {
      vestingStart: vestingStart(today),
      vestingDate: vestingDate(today),
      lastDayToAddValue: lastDayToAddValue(today),
      rescissionDeadline: rescissionDeadline(today),
    };
  }, []);
}

/** The paragraphs every agreement of the vault holds: vesting, adding value, activation, rescission. */
export function AgreementTerms({ rescind = 'this application' }: { rescind?: string }) {
  const dates = useAgreementDates();
  return (
    <>
      <p>
        <strong>Vesting.</strong> Value I place in the vault vests for at least one year and one day. My vesting period
        starts on <AgreementDate iso={dates.vestingStart} />, so it is complete no earlier than{' '}
        <AgreementDate iso={dates.vestingDate} />. Asset tokens qualify for redemption only after being held at least 1
        year and 1 day.
      </p>
      <p>
        <strong>Adding value.</strong> The last day to add value for this year is{' '}
        <AgreementDate iso={dates.lastDayToAddValue} />.
      </p>
      <p>
        <strong>Activation.</strong> Activating my vault takes a contribution worth at least 21 silver asset tokens (21
        oz of 0.999 fine silver).
      </p>
      <p>
        <strong>Rescission.</strong> I may rescind {rescind} within 5 business days (Monday to Friday), until 2400 GMT
        on <AgreementDate iso={dates.rescissionDeadline} />.
      </p>
    </>
  );
}
