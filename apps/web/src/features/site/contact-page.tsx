import { zodResolver } from '@hookform/resolvers/zod';
import { contactBody } from '@vault/contract/schemas/site';
import { Button } from '@vault/ui/button';
import { cardSurface } from '@vault/ui/card';
import { TextArea, TextField } from '@vault/ui/field';
import { useForm } from 'react-hook-form';
import { Icon } from './icons';
import { PageHeader } from './page-header';
import { sendSiteForm } from './send-site-form';

function ContactForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(contactBody),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });

  return (
    <form
      noValidate
      aria-labelledby="contact-form-title"
      onSubmit={handleSubmit((values) => sendSiteForm('site/contact', values, { setError, reset }))}
      className={`space-y-5 ${cardSurface} p-6 sm:p-8`}
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-ink">
        Write to us
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="contact-name"
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="contact-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField id="contact-subject" label="Subject" error={errors.subject?.message} {...register('subject')} />
      <TextArea id="contact-message" label="Message" error={errors.message?.message} {...register('message')} />
      <Button type="submit" busy={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}

/** Public contact page (spec 1 §2 "/contact-us"). */
export function ContactPage() {
  return (
    <>
      <PageHeader eyebrow="Contact us" title="We are here to help">
        <p>Questions about membership, tokens or your vault? Write to us and a member of the team will answer.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_2fr]">
        <aside aria-labelledby="contact-info-title" className="space-y-6">
          <h2 id="contact-info-title" className="text-xl font-semibold text-ink">
            Before you write
          </h2>
          <ul className="space-y-5 text-ink-muted">
            <li className="flex gap-3">
              <Icon name="clock" className="mt-0.5 size-6 shrink-0 text-accent-text" />
              <span>We answer within two business days, Monday to Friday.</span>
            </li>
            <li className="flex gap-3">
              <Icon name="users" className="mt-0.5 size-6 shrink-0 text-accent-text" />
              <span>Members can also reach support through the chat in their dashboard.</span>
            </li>
            <li className="flex gap-3">
              <Icon name="shield" className="mt-0.5 size-6 shrink-0 text-accent-text" />
              <span>We will never ask for your password. Please do not send it in a message.</span>
            </li>
          </ul>
        </aside>
        <ContactForm />
      </div>
    </>
  );
}
