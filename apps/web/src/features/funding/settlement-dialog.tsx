import { fillMessage, messages } from '@vault/contract/messages';
import { Button } from '@vault/ui/button';
import { Modal } from '@vault/ui/modal';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { grouped, usd } from '../../lib/money-format';
import { DirectDebitForm } from './direct-debit-form';
import { OnlineCheckout } from './online-checkout';
import { type DirectWireState, SETTLEMENT_METHODS, type SettlementMethod, type WireType } from './purchase-options';

/** What the amount form hands the dialog: the rounded purchase and what it is for. */
export type Purchase = {
  token: string;
  tokenName: string;
  tokenAmount: string;
  amount: string;
  tokenRate: string;
  decimals: number;
  activationAmount: string | null;
  type: WireType;
};

/** One line under each method's name: what it is, so the choice is an informed one. */
const METHOD_NOTES: Record<SettlementMethod, string> = {
  directWire: 'Wire USD from your bank. No limit; remit within the days shown on the next page.',
  goCardless: 'A direct debit from your bank account.',
  coinqvest: 'Pay with crypto, bank or fiat rails.',
  paypal: 'Pay with your PayPal account.',
};

type Step =
  | { kind: 'choose' }
  | { kind: 'confirm'; method: SettlementMethod }
  | { kind: 'directDebit' }
  | { kind: 'online'; method: 'paypal' | 'coinqvest' };

/**
 * The settlement dialog (spec 2 §2, §4): the methods on offer, then "Are you sure you want to perform this
 * action using {method}?" with Confirm and Cancel. Direct wire goes on to /direct-wire with the purchase; Go
 * cardless asks for the direct-debit customer's details, PayPal and COINQVEST open the provider's page in a new
 * window and follow the purchase live.
 */
export function SettlementDialog({
  open,
  onOpenChange,
  purchase,
  methods,
  onAmountError,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  purchase: Purchase | null;
  methods: SettlementMethod[];
  /** A refusal about the amount (the online cap): said under the amount field. */
  onAmountError?: (message: string) => void;
}) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const cancelRef = useRef<HTMLButtonElement>(null);
  const firstMethodRef = useRef<HTMLButtonElement>(null);
  const lastMethod = useRef<SettlementMethod | null>(null);
  const methodRefs = useRef(new Map<SettlementMethod, HTMLButtonElement>());

  // Each opening starts at the choice.
  useEffect(() => {
    if (open) setStep({ kind: 'choose' });
  }, [open]);

  // The focus follows the step: Cancel on the question (Enter twice must not confirm), the method last chosen
  // when coming back to the list.
  useEffect(() => {
    if (!open) return;
    if (step.kind === 'confirm') cancelRef.current?.focus();
    else if (step.kind === 'choose' && lastMethod.current) methodRefs.current.get(lastMethod.current)?.focus();
  }, [step, open]);

  if (!purchase) return null;
  const name = (method: SettlementMethod) => SETTLEMENT_METHODS[method];

  const confirm = (method: SettlementMethod) => {
    if (method === 'goCardless') {
      setStep({ kind: 'directDebit' });
      return;
    }
    if (method === 'paypal' || method === 'coinqvest') {
      setStep({ kind: 'online', method });
      return;
    }
    const state: DirectWireState = {
      detail: {
        token: purchase.token,
        tokenAmount: purchase.tokenAmount,
        amount: purchase.amount,
        tokenRate: purchase.tokenRate,
      },
      activationAmount: purchase.activationAmount,
      type: purchase.type,
    };
    onOpenChange(false);
    navigate('/direct-wire', { state });
  };

  const back = () => setStep({ kind: 'choose' });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Choose a settlement method"
      description={`You get ${grouped(purchase.tokenAmount, Math.min(purchase.decimals, 2))} ${purchase.token} (${purchase.tokenName}) for ${usd(purchase.amount)}.`}
      size="md"
      initialFocus={firstMethodRef}
    >
      {step.kind === 'choose' ? (
        <ul className="space-y-2" aria-label="Settlement methods">
          {methods.map((method, i) => (
            <li key={method}>
              <button
                type="button"
                ref={(el) => {
                  if (el) methodRefs.current.set(method, el);
                  if (i === 0) firstMethodRef.current = el;
                }}
                onClick={() => {
                  lastMethod.current = method;
                  setStep({ kind: 'confirm', method });
                }}
                className="flex w-full flex-col items-start rounded-xl border border-line px-4 py-3 text-left hover:border-primary hover:bg-primary-soft focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
              >
                <span className="font-semibold text-ink">{name(method)}</span>
                <span className="text-sm text-ink-muted">{METHOD_NOTES[method]}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : step.kind === 'directDebit' ? (
        <DirectDebitForm purchase={purchase} onBack={back} />
      ) : step.kind === 'online' ? (
        <OnlineCheckout
          method={step.method}
          purchase={purchase}
          onBack={back}
          onClose={() => onOpenChange(false)}
          onAmountError={onAmountError}
        />
      ) : (
        <div aria-live="polite">
          <p className="font-medium text-ink">
            {fillMessage(messages.settlementConfirm, { method: name(step.method) })}
          </p>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
            <Button onClick={() => confirm(step.method)}>Confirm</Button>
            <Button ref={cancelRef} variant="secondary" onClick={back}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
