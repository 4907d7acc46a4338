import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositAddress as OwnAddress } from '@vault/contract/schemas/wallet';
import { buttonClass } from '@vault/ui/button';
import { LoadError } from '@vault/ui/load-error';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { CopyIcon, copyText } from '../../components/copy-button';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { walletKeys } from './queries';

/** How long the button says 'Copied'. */
const COPIED_MS = 2000;

/**
 * A deposit address with its QR code and a copy button that confirms with 'Copied' (spec 2 §2). The wallets
 * give '' for a coin the member has no address of their own for yet: it is asked for here (made at the
 * crypto provider on the first ask, the same one every time after), and the wallets are refetched.
 */
export function DepositAddress(props: { address: string; coinSymbol: string; coinName: string }) {
  const queryClient = useQueryClient();
  const own = useQuery({
    queryKey: ['deposit-address', props.coinSymbol],
    queryFn: async () => {
      const res = await api<{ data: OwnAddress }>('coinqvest/deposit-address', {
        body: { coinSymbol: props.coinSymbol },
      });
      void queryClient.invalidateQueries({ queryKey: walletKeys.currencyInfo });
      return res.data;
    },
    enabled: props.address === '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (props.address !== '') return <ShownAddress {...props} />;
  if (own.data) return <ShownAddress {...props} address={own.data.address} />;
  if (own.isError) return <LoadError query={own} title={`Your ${props.coinSymbol} deposit address`} />;
  return (
    <p role="status" className="rounded-lg bg-canvas px-3 py-4 text-sm text-ink-muted ring-1 ring-line">
      Preparing your {props.coinSymbol} deposit address…
    </p>
  );
}

function ShownAddress({ address, coinSymbol, coinName }: { address: string; coinSymbol: string; coinName: string }) {
  const [copied, setCopied] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Another coin chosen: its address has not been copied yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the address changes.
  useEffect(() => {
    setCopied(false);
    setAnnouncement('');
  }, [address]);

  const copy = async () => {
    if (!(await copyText(address))) {
      toast.error('Your browser did not allow copying. Select the address and copy it by hand.');
      return;
    }
    setCopied(true);
    setAnnouncement(`${coinSymbol} deposit address copied`);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setCopied(false);
      setAnnouncement('');
    }, COPIED_MS);
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <div className="shrink-0 rounded-xl bg-white p-3 ring-1 ring-line">
        <QRCodeSVG
          value={address}
          size={148}
          marginSize={1}
          role="img"
          aria-label={`QR code of your ${coinName} (${coinSymbol}) deposit address`}
          title={`${coinSymbol} deposit address`}
        />
      </div>
      <div className="w-full min-w-0 flex-1">
        <p className="text-sm font-medium text-ink">{coinSymbol} deposit address</p>
        <p className="mt-1 break-all rounded-lg bg-canvas px-3 py-2 font-mono text-sm text-ink ring-1 ring-line">
          {address}
        </p>
        <button type="button" onClick={copy} className={`mt-2 ${buttonClass('secondary', 'sm')}`}>
          <CopyIcon done={copied} size="size-4" />
          {copied ? 'Copied' : 'Copy address'}
        </button>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>
    </div>
  );
}
