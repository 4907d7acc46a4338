import { Button } from '@vault/ui/button';
import { Modal } from '@vault/ui/modal';
import { useNavigate } from 'react-router';
import { Icon, type IconName } from './icons';

const steps: { icon: IconName; title: string; text: string }[] = [
  { icon: 'users', title: 'Create your account', text: 'Sign up with your name and e-mail address and verify it.' },
  {
    icon: 'doc',
    title: 'Complete the membership application',
    text: 'Submit your G.P.A. Level 3 data and sign the membership agreement of our private member association.',
  },
  {
    icon: 'bars',
    title: 'Activate your vault',
    text: 'Contribute value worth at least 21 silver asset tokens (21 oz of 0.999 fine silver).',
  },
  {
    icon: 'clock',
    title: 'Hold for the long term',
    text: 'Asset tokens must be held at least 1 year and 1 day before they qualify for redemption.',
  },
];

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** How vault activation works, with the Apply Now call to action (spec 1 §2 "Info modal"). */
export function InfoModal({ open, onOpenChange }: Props) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Activate your vault"
      description="Four steps from visitor to member with an active vault."
      size="md"
    >
      <ol className="space-y-4">
        {steps.map((s) => (
          <li key={s.title} className="flex gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-text">
              <Icon name={s.icon} />
            </span>
            <div>
              <p className="font-semibold text-ink">{s.title}</p>
              <p className="text-sm text-ink-muted">{s.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <Button
        size="lg"
        onClick={() => {
          onOpenChange(false);
          navigate('/sign-up');
        }}
        className="mt-6 w-full"
      >
        Apply Now
      </Button>
    </Modal>
  );
}
