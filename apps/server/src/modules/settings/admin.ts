import type {
  AdminSettings,
  BankDetailsBody,
  DirectWireBody,
  MarketplaceFeeBody,
  MasterWalletsBody,
  RedemptionFeeBody,
} from '@vault/contract/schemas/settings-admin';
import type { Settings } from '@vault/contract/schemas/site';
import type { User } from '../auth/sessions.ts';
import { setMasterDepositAddresses } from '../catalogue/service.ts';
import type { SettingsService } from './service.ts';

const pick = (all: Settings): AdminSettings => ({
  maintenance: all.maintenance,
  zellePay: all.zellePay,
  directWireDomesticAccount: all.directWireDomesticAccount,
  directWireInternationalAccount: all.directWireInternationalAccount,
  directWireFee: all.directWireFee,
  directWireExpiryDays: all.directWireExpiryDays,
  redemptionFeePercent: all.redemptionFeePercent,
  marketplaceFeePercent: all.marketplaceFeePercent,
  masterWalletBTC: all.masterWalletBTC,
  masterWalletETH: all.masterWalletETH,
});

/**
 * The back office's Settings (issue 11 item 3): what it shows, and each section's change with its audit row
 * (`settings.<section>` with the values before and after) in the change's transaction.
 */
export function settingsAdminService(settings: SettingsService) {
  async function change<K extends keyof Settings>(
    actor: User,
    action: string,
    values: Pick<Settings, K>,
    alongside?: Parameters<SettingsService['change']>[3],
  ) {
    await settings.change(actor, action, values, alongside);
    return { message: 'Settings saved', data: pick(await settings.all()) };
  }
  return {
    view: async () => ({ data: pick(await settings.all()) }),
    bankDetails: (actor: User, body: BankDetailsBody) => change(actor, 'settings.bankDetails', body),
    directWire: (actor: User, body: DirectWireBody) => change(actor, 'settings.directWire', body),
    redemptionFee: (actor: User, body: RedemptionFeeBody) => change(actor, 'settings.redemptionFee', body),
    marketplaceFee: (actor: User, body: MarketplaceFeeBody) => change(actor, 'settings.marketplaceFee', body),
    // The coins' deposit addresses (what members' crypto wallets show) change with the master wallets.
    masterWallets: (actor: User, body: MasterWalletsBody) =>
      change(actor, 'settings.masterWallets', body, (tx) =>
        setMasterDepositAddresses(tx, { btc: body.masterWalletBTC, eth: body.masterWalletETH }),
      ),
  };
}
