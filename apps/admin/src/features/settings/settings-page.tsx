import { makerCheckerSettingsBody } from '@vault/contract/schemas/maker-checker';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { LoadError } from '@vault/ui/load-error';
import { Modal } from '@vault/ui/modal';
import { SkeletonRows } from '@vault/ui/skeleton-rows';
import { useState } from 'react';
import { Badge } from '../../components/badge';
import { FormAlert, StatusLine } from '../../components/form-alert';
import { SingleValueSetting } from '../../components/single-value-setting';
import { formatAmount } from '../../lib/format';
import { useMay } from '../../lib/session';
import { useAdminSettings, useSetMaintenance, useSetThreshold, useThreshold } from './queries';
import { Section } from './section';
import { BankDetailsForm, DirectWireForm, FeePercentForm, MasterWalletsForm } from './section-forms';

/**
 * /admin/settings: maintenance, bank details, the direct wire fee and days, master wallets and the
 * maker-checker threshold, one section each, saved on its own. Every administrator who reads members sees
 * them; only owners (settings.manage) change them.
 */
export function SettingsPage() {
  const settings = useAdminSettings();
  const mayManage = useMay('settings.manage');
  return (
    <section aria-labelledby="settings-title" className="max-w-4xl space-y-5">
      <h1 id="settings-title" className="text-2xl font-semibold text-ink">
        Settings
      </h1>
      {mayManage ? null : (
        <p className="rounded-xl bg-info-soft px-4 py-3 text-sm text-info ring-1 ring-info/20">
          Read only: owners change these settings.
        </p>
      )}
      {settings.isPending ? (
        <div role="status" aria-label="Loading the settings" className="space-y-3">
          <SkeletonRows count={6} />
        </div>
      ) : settings.isError ? (
        <LoadError query={settings} title="The settings could not be loaded" className="py-6" />
      ) : (
        <>
          <MaintenanceSection on={settings.data.maintenance} mayManage={mayManage} />
          <BankDetailsForm settings={settings.data} mayManage={mayManage} />
          <DirectWireForm settings={settings.data} mayManage={mayManage} />
          <FeePercentForm section="redemption-fee" settings={settings.data} mayManage={mayManage} />
          <FeePercentForm section="marketplace-fee" settings={settings.data} mayManage={mayManage} />
          <MasterWalletsForm settings={settings.data} mayManage={mayManage} />
          {mayManage ? <ThresholdSection /> : null}
        </>
      )}
    </section>
  );
}

/** Maintenance on or off, after a confirmation that says what members meet. */
function MaintenanceSection({ on, mayManage }: { on: boolean; mayManage: boolean }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const setMaintenance = useSetMaintenance();
  const next = !on;
  async function confirm() {
    setRefusal(null);
    try {
      const res = await setMaintenance.mutateAsync(next);
      setOpen(false);
      setDone(`${res.message}: maintenance is ${next ? 'on' : 'off'}.`);
    } catch (error) {
      setRefusal(errorText(error));
    }
  }
  return (
    <Section
      id="maintenance"
      title="Maintenance"
      description="While it is on, members see “We'll be back soon” on every screen and their calls are refused. The back office keeps working."
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="flex items-center gap-2 text-sm text-ink">
          Maintenance is{' '}
          <span data-testid="maintenance-state">
            {on ? <Badge tone="warning">On</Badge> : <Badge tone="success">Off</Badge>}
          </span>
        </p>
        {mayManage ? (
          <Button
            variant={on ? 'secondary' : 'danger'}
            size="sm"
            className="ml-auto"
            onClick={() => {
              setDone(null);
              setOpen(true);
            }}
          >
            {on ? 'Turn maintenance off' : 'Turn maintenance on'}
          </Button>
        ) : null}
      </div>
      <StatusLine>{done}</StatusLine>
      <Modal
        open={open}
        onOpenChange={(value) => {
          setOpen(value);
          if (!value) setRefusal(null);
        }}
        title={next ? 'Turn maintenance on?' : 'Turn maintenance off?'}
        description={
          next
            ? 'Every member is shown “We’ll be back soon” at once and cannot use the vault until it is turned off.'
            : 'Members can use the vault again at once.'
        }
        size="sm"
      >
        <div className="space-y-4">
          <FormAlert>{refusal}</FormAlert>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant={next ? 'danger' : 'primary'} busy={setMaintenance.isPending} onClick={confirm}>
              {next ? 'Turn on' : 'Turn off'}
            </Button>
          </div>
        </div>
      </Modal>
    </Section>
  );
}

/** The maker-checker threshold (the existing API): money actions worth more wait for a second administrator. */
function ThresholdSection() {
  const threshold = useThreshold(true);
  const save = useSetThreshold();
  return (
    <Section
      id="maker-checker"
      title="Maker-checker threshold"
      description="Credits, reversals and request approvals worth more than this (USD, at current prices) wait for a second administrator. 0 holds every one."
    >
      <SingleValueSetting
        query={threshold}
        loadingText="Loading the threshold…"
        errorTitle="The threshold could not be loaded"
        current={(data) => (
          <p className="text-2xl font-semibold text-ink tabular-nums" data-testid="maker-checker-threshold">
            {formatAmount(data.makerCheckerThresholdUsd)} USD
          </p>
        )}
        form={{
          label: 'Set the maker-checker threshold',
          field: 'makerCheckerThresholdUsd',
          schema: makerCheckerSettingsBody,
          fieldLabel: 'New threshold (USD)',
          fieldClassName: 'w-full sm:w-56',
          submitLabel: 'Set threshold',
          busy: save.isPending,
          save: async (value) => {
            const res = await save.mutateAsync(value);
            return `${res.message}: ${formatAmount(res.data.makerCheckerThresholdUsd)} USD.`;
          },
        }}
      />
    </Section>
  );
}
