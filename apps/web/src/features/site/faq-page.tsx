import { zodResolver } from '@hookform/resolvers/zod';
import { inquiryBody } from '@vault/contract/schemas/site';
import { Button } from '@vault/ui/button';
import { cardSurface } from '@vault/ui/card';
import { TextArea, TextField } from '@vault/ui/field';
import { useForm } from 'react-hook-form';
import { Icon } from './icons';
import { PageHeader } from './page-header';
import { sendSiteForm } from './send-site-form';
import { VideoPlayer } from './video-player';
import { videos } from './videos';

function InquiryForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(inquiryBody), defaultValues: { name: '', email: '', message: '' } });

  return (
    <form
      noValidate
      aria-labelledby="inquiry-title"
      onSubmit={handleSubmit((values) => sendSiteForm('site/inquiry', values, { setError, reset }))}
      className={`space-y-5 ${cardSurface} p-6 sm:p-8`}
    >
      <div>
        <h2 id="inquiry-title" className="text-2xl font-bold text-ink">
          Ask us a question
        </h2>
        <p className="mt-1 text-ink-muted">Until the full FAQ is ready, we answer every question personally.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="inquiry-name"
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="inquiry-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextArea id="inquiry-message" label="Your question" error={errors.message?.message} {...register('message')} />
      <Button type="submit" busy={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send question'}
      </Button>
    </form>
  );
}

/** Public FAQ page (spec 1 §2 "/faq"): coming-soon message, two videos, inquiry form. */
export function FaqPage() {
  return (
    <>
      <PageHeader eyebrow="FAQ" title="Frequently asked questions" />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-16 sm:px-6">
        <section
          aria-labelledby="coming-soon-title"
          className="flex flex-col items-start gap-4 rounded-2xl border border-primary/40 bg-primary-soft p-6 sm:flex-row sm:items-center"
        >
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary">
            <Icon name="clock" className="size-6" />
          </span>
          <div>
            <h2 id="coming-soon-title" className="text-xl font-semibold text-ink">
              Coming soon
            </h2>
            <p className="mt-1 text-ink-muted">
              Our full list of frequently asked questions is coming soon. Meanwhile, these two videos cover the
              questions we hear most, and you can send us your own below.
            </p>
          </div>
        </section>

        <section aria-labelledby="faq-videos-title">
          <h2 id="faq-videos-title" className="text-2xl font-bold text-ink sm:text-3xl">
            Watch and learn
          </h2>
          <div className="mt-6 grid gap-8 md:grid-cols-2">
            <VideoPlayer video={videos.walletOpening} />
            <VideoPlayer video={videos.directWire} />
          </div>
        </section>

        <div className="mx-auto max-w-3xl">
          <InquiryForm />
        </div>
      </div>
    </>
  );
}
