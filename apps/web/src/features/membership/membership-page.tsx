import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import { fieldErrors } from '@vault/contract/schemas/common';
import {
  acknowledgementStep,
  gpaInfoStep,
  membershipForm,
  tafStep,
  WIZARD_STEPS,
} from '@vault/contract/schemas/membership';
import type { UserInfoResponse } from '@vault/contract/schemas/user';
import { Button } from '@vault/ui/button';
import { cardClass, cardSurface } from '@vault/ui/card';
import { errorText } from '@vault/ui/error-text';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { type FieldPath, FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { AcknowledgementStep } from './acknowledgement-step';
import { formForSave, initialState, LAST_STEP, stepOfField, type WizardValues } from './form-values';
import { GpaInfoStep } from './gpa-info-step';
import { InstructionsStep } from './instructions-step';
import { StepIndicator } from './step-indicator';
import { TafStep } from './taf-step';

type Saved = { message: string; data: Record<string, unknown> };

/** Each step is checked with its own contract schema when the member leaves it; the Instructions have none. */
const stepResolvers = [
  undefined,
  zodResolver(gpaInfoStep, undefined, { raw: true }),
  zodResolver(tafStep, undefined, { raw: true }),
  zodResolver(acknowledgementStep, undefined, { raw: true }),
] as unknown as (Resolver<WizardValues> | undefined)[];

/** /profile: the membership application wizard (spec 1 §2, §4 "Application wizard"). */
export function MembershipApplicationPage() {
  const { info } = useSession();
  if (!info) return null;
  return <MembershipWizard key={info.user._id} info={info} />;
}

function MembershipWizard({ info }: { info: UserInfoResponse }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [initial] = useState(() => initialState(info));
  const [submittedBefore] = useState(() => Boolean(info.gpaData));
  const [step, setStep] = useState(initial.step);
  const stepRef = useRef(initial.step);
  const [busy, setBusy] = useState<'next' | 'exit' | 'done' | null>(null);
  /** A drawing on the pad that was not uploaded yet. */
  const [pendingInk, setPendingInk] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focus, setFocus] = useState<{ on: 'heading' | 'error' } | null>(null);

  const resolver = useCallback<Resolver<WizardValues>>((values, context, options) => {
    const check = stepResolvers[stepRef.current];
    return check ? check(values, context, options) : { values, errors: {} };
  }, []);
  // Errors show when a step is left (Next/Done, which focuses the first invalid field) or a touched field
  // is left, and clear as the member types.
  const form = useForm<WizardValues>({ defaultValues: initial.values, mode: 'onTouched', resolver });

  // After a step change the step's heading takes the focus; after errors put on another step (the final
  // check, the server's answer), the first invalid field.
  useLayoutEffect(() => {
    if (!focus) return;
    if (focus.on === 'error') {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalid) {
        invalid.focus({ preventScroll: true });
        invalid.scrollIntoView({ block: 'center' });
        return;
      }
    }
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [focus]);

  const goTo = (next: number, focusOn: 'heading' | 'error' = 'heading') => {
    stepRef.current = next;
    setStep(next);
    setFocus({ on: focusOn });
  };

  /** Puts messages under their fields (dotted paths), on the step of the first one. */
  const showFieldErrors = (fields: Record<string, string>) => {
    const entries = Object.entries(fields).filter(([path]) => path !== '_');
    if (entries.length === 0) return;
    goTo(Math.min(...entries.map(([path]) => stepOfField(path))), 'error');
    for (const [path, message] of entries) {
      form.setError(path as FieldPath<WizardValues>, { type: 'server', message });
    }
  };

  const saveDraft = async (resumeAt: number) => {
    const res = await api<Saved>('gpalevel/draft', { body: { step: resumeAt, form: form.getValues() } });
    queryClient.setQueryData<UserInfoResponse>(
      queryKeys.userInfo,
      (old) => old && { ...old, user: { ...old.user, savedFormData: res.data } },
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
    return res;
  };

  const next = async () => {
    setBusy('next');
    try {
      await saveDraft(step + 1);
      goTo(step + 1);
    } catch (error) {
      // What was typed stays in the form; the member can try again.
      toast.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const saveAndExit = async () => {
    setBusy('exit');
    try {
      const res = await saveDraft(step);
      toast.success(res.message);
      navigate('/cryptocurrency');
    } catch (error) {
      toast.error(errorText(error));
      setBusy(null);
    }
  };

  const done = async () => {
    const values = form.getValues();
    if (pendingInk) {
      toast.error(messages.uploadSignatureFirst);
      return;
    }
    const parsed = membershipForm.safeParse(formForSave(values));
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      showFieldErrors(fields);
      toast.error(Object.values(fields)[0] ?? messages.invalidRequest);
      return;
    }
    setBusy('done');
    try {
      const res = await api<Saved>('gpalevel/save', { body: parsed.data });
      queryClient.setQueryData<UserInfoResponse>(
        queryKeys.userInfo,
        (old) =>
          old && {
            ...old,
            gpaData: res.data,
            user: { ...old.user, savedFormData: { ...res.data, step: LAST_STEP }, sign: parsed.data.signatureUrl },
          },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
      toast.success(res.message);
      navigate('/cryptocurrency');
    } catch (error) {
      if (error instanceof ApiError && error.body.fields) showFieldErrors(error.body.fields);
      toast.error(errorText(error));
      setBusy(null);
    }
  };

  const isLast = step === LAST_STEP;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Membership Application</h1>
        <p className="mt-1 text-sm text-ink-muted">Submit your G.P.A. Level 3 data to open your vault.</p>
      </div>

      {submittedBefore ? (
        <p className="rounded-xl border border-success/20 bg-success-soft p-4 text-sm text-success">
          Your application has been submitted. You can review it here; pressing Done on the last step submits your
          changes.
        </p>
      ) : null}

      <div className={`${cardSurface} px-3 py-4 sm:px-6`}>
        <StepIndicator current={step} />
      </div>

      <FormProvider {...form}>
        <form
          ref={formRef}
          noValidate
          aria-labelledby="wizard-step-title"
          onSubmit={form.handleSubmit(
            () => {
              if (!busy) void (isLast ? done() : next());
            },
            (errors) => {
              if (isLast && errors.signatureUrl) toast.error(messages.uploadSignatureFirst);
            },
          )}
          className={cardClass}
        >
          <p className="text-sm font-medium text-accent-text">
            Step {step + 1} of {WIZARD_STEPS.length}
          </p>
          <h2
            id="wizard-step-title"
            ref={headingRef}
            tabIndex={-1}
            className="mb-2 text-xl font-semibold text-ink focus:outline-none"
          >
            {WIZARD_STEPS[step]}
          </h2>
          {step === 1 || step === 2 ? (
            <p className="mb-6 text-sm text-ink-subtle">
              Fields marked with{' '}
              <span aria-hidden="true" className="font-semibold text-danger">
                *
              </span>
              <span className="sr-only">an asterisk</span> are required.
            </p>
          ) : (
            <div className="mb-6" />
          )}

          {step === 0 ? <InstructionsStep /> : null}
          {step === 1 ? <GpaInfoStep /> : null}
          {step === 2 ? <TafStep /> : null}
          {step === 3 ? <AcknowledgementStep onPendingChange={setPendingInk} /> : null}

          <div className="mt-8 flex flex-wrap items-center gap-3 border-t border-line pt-5">
            {step > 0 ? (
              <Button variant="secondary" disabled={busy !== null} onClick={() => goTo(step - 1)}>
                Back
              </Button>
            ) : null}
            <div className="ml-auto flex flex-wrap gap-3">
              <Button variant="secondary" busy={busy === 'exit'} disabled={busy !== null} onClick={saveAndExit}>
                Save &amp; Exit
              </Button>
              <Button type="submit" busy={busy === 'next' || busy === 'done'} disabled={busy !== null}>
                {isLast ? 'Done' : 'Next'}
              </Button>
            </div>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
