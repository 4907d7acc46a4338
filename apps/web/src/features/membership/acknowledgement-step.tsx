import { messages } from '@vault/contract/messages';
import type { uploadResponse } from '@vault/contract/schemas/user';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { FieldError } from '@vault/ui/field';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { AgreementDate, AgreementTerms } from '../../components/agreement-terms';
import { SignaturePad, type SignaturePadHandle } from '../../components/signature-pad';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { fieldId } from './form-fields';
import type { WizardValues } from './form-values';

/**
 * Spec 1 §9: the signature canvas of the membership wizard is 1285 by 100. That is the uploaded image's
 * size; on screen the pad is at least 120 pixels high, so a phone has room to sign (see SignaturePad).
 */
const CANVAS_WIDTH = 1285;
const CANVAS_HEIGHT = 100;

type Props = {
  /** Whether the pad holds a drawing that has not been uploaded yet. */
  onPendingChange: (pending: boolean) => void;
};

/** Step 4, Acknowledgement: the agreement, and the member's signature uploaded to storage. */
export function AcknowledgementStep({ onPendingChange }: Props) {
  const { control, setValue, clearErrors, getValues } = useFormContext<WizardValues>();
  const { errors } = useFormState({ control, name: 'signatureUrl' });
  const signatureUrl = useWatch({ control, name: 'signatureUrl' });
  const registrationDate = getValues('registrationDate');
  const padRef = useRef<SignaturePadHandle>(null);
  const [uploading, setUploading] = useState(false);
  // A drawing left behind with the step is gone with the canvas.
  useEffect(() => () => onPendingChange(false), [onPendingChange]);

  const upload = async () => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) {
      toast.error(messages.uploadSignatureFirst);
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      // The server reads the type before the file.
      body.append('type', 'signature');
      body.append('file', pad.toPng());
      const res = await api<z.infer<typeof uploadResponse>>('storage/upload/base64', { body });
      setValue('signatureUrl', res.url, { shouldDirty: true });
      clearErrors('signatureUrl');
      onPendingChange(false);
      toast.success(res.message);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  const errorId = `${fieldId('signatureUrl')}-error`;
  return (
    <div className="space-y-8">
      <section aria-labelledby="agreement-title" className="space-y-3">
        <h3 id="agreement-title" className="text-base font-semibold text-ink">
          Membership agreement
        </h3>
        <div className="space-y-3 rounded-xl bg-canvas p-4 text-sm leading-relaxed text-ink-muted ring-1 ring-line sm:p-5">
          <p>
            <strong>Private membership.</strong> I apply to join a private member association. I will deal with the
            association and its members privately; nothing in the vault is an offer to the general public, nor
            investment, tax or legal advice.
          </p>
          <AgreementTerms />
          <p>
            <strong>Accuracy.</strong> The information I gave in this application is true and complete, and I will keep
            it up to date. My membership takes effect on{' '}
            {registrationDate ? <AgreementDate iso={registrationDate} /> : 'the effective date I gave'}.
          </p>
          <p>By signing below I acknowledge that I have read and accept this agreement.</p>
        </div>
      </section>

      <section aria-labelledby="signature-title" className="space-y-3">
        <h3 id="signature-title" className="text-base font-semibold text-ink">
          Signature
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        </h3>
        <p className="text-sm text-ink-muted">
          Draw your signature in the box with a mouse, finger or pen, or type your name below. Then press Upload
          signature.
        </p>
        <SignaturePad
          ref={padRef}
          width={CANVAS_WIDTH}
          height={CANVAS_HEIGHT}
          label="Signature drawing area"
          onChange={onPendingChange}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={upload} busy={uploading} aria-describedby={errors.signatureUrl ? errorId : undefined}>
            Upload signature
          </Button>
          {signatureUrl ? (
            <p className="text-sm text-success">Your signature is uploaded.</p>
          ) : (
            <p className="text-sm text-ink-subtle">No signature uploaded yet.</p>
          )}
        </div>
        <FieldError id={errorId} message={errors.signatureUrl?.message} />
        {signatureUrl ? (
          <figure className="space-y-1">
            <img
              src={signatureUrl}
              alt="Your uploaded signature"
              className="h-auto w-full max-w-xl rounded-lg bg-surface ring-1 ring-line"
            />
            <figcaption className="text-xs text-ink-subtle">
              This signature is submitted with your application. Draw again and upload to replace it.
            </figcaption>
          </figure>
        ) : null}
      </section>
    </div>
  );
}
