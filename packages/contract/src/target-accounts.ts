import { messages } from './messages.ts';
import { isCbu, isCuit, normalizeDigits } from './target-accounts/argentina.ts';
import { normalizeTaxId, parsePixKey } from './target-accounts/brazil.ts';
import {
  checkEthereumAddress,
  isBitcoinAddress,
  isLitecoinAddress,
  lightningTargetKind,
} from './target-accounts/crypto.ts';
import { isStellarAccount, isStellarAsset, isStellarMemo, STELLAR_MEMO_TYPES } from './target-accounts/stellar.ts';
import { z } from './zod.ts';

export * from './target-accounts/argentina.ts';
export * from './target-accounts/brazil.ts';
export * from './target-accounts/crypto.ts';
export * from './target-accounts/stellar.ts';

/**
 * The target account of a redeem through COINQVEST (spec 2 §4 Target-network forms, §5 Crypto redeem,
 * §7 POST /coinqvest/request): one form per network, the same schema in the web form (zodResolver) and in
 * the server route. An empty field answers with the spec's message; a value that is there but malformed
 * (a checksum or a check digit that does not hold) with ours, naming the network. Values come out
 * trimmed and in the form the rails expect (bare digits for CBU, CUIT, CPF and CNPJ; PIX keys as the DICT
 * writes them; Lightning in lower case without `lightning:`).
 */

/** The networks of GET /coinqvest/networks. BANK is the Argentine bank account (spec 2 §4 "Bank type"). */
export const TARGET_NETWORKS = ['BITCOIN', 'ETHEREUM', 'LITECOIN', 'LIGHTNING', 'STELLAR', 'PIX', 'BANK'] as const;
export type TargetNetwork = (typeof TARGET_NETWORKS)[number];

/** Networks whose target account is a single address. */
export const ADDRESS_NETWORKS = ['BITCOIN', 'ETHEREUM', 'LITECOIN', 'LIGHTNING'] as const;
export type AddressNetwork = (typeof ADDRESS_NETWORKS)[number];

/** The fields of each network's form, in the order the form shows them. */
export const TARGET_ACCOUNT_FIELDS = {
  BITCOIN: ['address'],
  ETHEREUM: ['address'],
  LITECOIN: ['address'],
  LIGHTNING: ['address'],
  STELLAR: ['account', 'asset', 'memoType', 'memo'],
  PIX: ['pixKey', 'taxId'],
  BANK: ['cbu', 'cuitPersonal', 'cuitCompany'],
} as const satisfies Record<TargetNetwork, readonly string[]>;

/** A value's normal form, or the message saying what is wrong with it. */
type Parse = (value: string) => { value: string } | { message: string };

const failing = (message: string) => ({ message });

/** A required text field: `required` when empty or missing, else what `parse` says. */
const field = (required: string, parse: Parse) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((value, ctx) => {
      const parsed = parse(value);
      if ('value' in parsed) return parsed.value;
      ctx.issues.push({ code: 'custom', message: parsed.message, input: value });
      return z.NEVER;
    });

/** An optional text field: empty, null or missing is left out; anything else must parse. */
const optionalField = (parse: Parse) =>
  z
    .string()
    .nullish()
    .transform((value, ctx) => {
      const v = value?.trim();
      if (!v) return undefined;
      const parsed = parse(v);
      if ('value' in parsed) return parsed.value;
      ctx.issues.push({ code: 'custom', message: parsed.message, input: value });
      return z.NEVER;
    });

const byCheck =
  (check: (value: string) => boolean, message: string, normalize: (value: string) => string = (v) => v): Parse =>
  (value) => {
    const v = normalize(value);
    return check(v) ? { value: v } : failing(message);
  };

const parseEthereum: Parse = (value) => {
  const check = checkEthereumAddress(value);
  if (check === 'valid') return { value };
  return failing(check === 'checksum' ? messages.ethereumChecksumInvalid : messages.ethereumAddressInvalid);
};

const parseLightning: Parse = (value) => {
  const v = value.replace(/^lightning:/i, '').toLowerCase();
  return lightningTargetKind(v) ? { value: v } : failing(messages.lightningTargetInvalid);
};

const ADDRESS_PARSERS: Record<AddressNetwork, Parse> = {
  BITCOIN: byCheck(isBitcoinAddress, messages.bitcoinAddressInvalid),
  LITECOIN: byCheck(isLitecoinAddress, messages.litecoinAddressInvalid),
  ETHEREUM: parseEthereum,
  LIGHTNING: parseLightning,
};

const addressAccount = (network: AddressNetwork) =>
  z.object({ address: field(messages.targetAddressRequired, ADDRESS_PARSERS[network]) });

export const pixAccount = z.object({
  pixKey: field(messages.targetPixKeyRequired, (value) => {
    const parsed = parsePixKey(value);
    return parsed ? { value: parsed.key } : failing(messages.pixKeyInvalid);
  }),
  taxId: field(messages.targetTaxIdRequired, (value) => {
    const id = normalizeTaxId(value);
    return id ? { value: id } : failing(messages.pixTaxIdInvalid);
  }),
});

export const bankAccount = z.object({
  cbu: field(messages.targetCbuRequired, byCheck(isCbu, messages.cbuInvalid, normalizeDigits)),
  cuitPersonal: field(
    messages.targetCuitPersonalRequired,
    byCheck((v) => isCuit(v, 'person'), messages.cuitPersonalInvalid, normalizeDigits),
  ),
  cuitCompany: optionalField(byCheck((v) => isCuit(v, 'company'), messages.cuitCompanyInvalid, normalizeDigits)),
});

const MEMO_MESSAGES = {
  text: messages.stellarMemoTextTooLong,
  id: messages.stellarMemoIdInvalid,
  hash: messages.stellarMemoHashInvalid,
  return: messages.stellarMemoHashInvalid,
} as const;

/**
 * Stellar: the account (G…), the asset to receive, and an optional memo whose type defaults to text.
 * Without a memo the memo type is left out.
 */
export const stellarAccount = z
  .object({
    account: field(
      messages.targetStellarAccountRequired,
      byCheck(isStellarAccount, messages.stellarAccountInvalid, (v) => v.toUpperCase()),
    ),
    asset: field(messages.targetStellarAssetRequired, byCheck(isStellarAsset, messages.stellarAssetInvalid)),
    memo: optionalField((value) => ({ value })),
    memoType: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(STELLAR_MEMO_TYPES, { error: messages.stellarMemoTypeInvalid }).optional(),
    ),
  })
  .superRefine((account, ctx) => {
    const type = account.memoType ?? 'text';
    if (account.memo !== undefined && !isStellarMemo(account.memo, type)) {
      ctx.addIssue({ code: 'custom', path: ['memo'], message: MEMO_MESSAGES[type], input: account.memo });
    }
  })
  .transform(({ memo, memoType, ...rest }) =>
    memo === undefined ? rest : { ...rest, memo, memoType: memoType ?? ('text' as const) },
  );

const TARGET_ACCOUNT_SCHEMAS = {
  BITCOIN: addressAccount('BITCOIN'),
  ETHEREUM: addressAccount('ETHEREUM'),
  LITECOIN: addressAccount('LITECOIN'),
  LIGHTNING: addressAccount('LIGHTNING'),
  STELLAR: stellarAccount,
  PIX: pixAccount,
  BANK: bankAccount,
} as const;

type TargetAccountSchemas = typeof TARGET_ACCOUNT_SCHEMAS;

/** The target account's schema for one network. */
export function targetAccount<N extends TargetNetwork>(network: N): TargetAccountSchemas[N] {
  return TARGET_ACCOUNT_SCHEMAS[network];
}

export type TargetAccountInput<N extends TargetNetwork = TargetNetwork> = z.input<TargetAccountSchemas[N]>;
export type TargetAccount<N extends TargetNetwork = TargetNetwork> = z.output<TargetAccountSchemas[N]>;

const option = <N extends TargetNetwork>(network: N) =>
  z.object({
    targetNetwork: z.literal(network),
    // A missing account answers field by field, as an empty form does.
    targetAccount: z.preprocess((v) => v ?? {}, TARGET_ACCOUNT_SCHEMAS[network]),
  });

/**
 * `{ targetNetwork, targetAccount }`, told apart by the network: a missing or unknown network answers
 * 'Please select a network to continue' at `targetNetwork`; field messages sit at `targetAccount.<field>`.
 * Merge it into a body with z.intersection (or spread `.options` per network).
 */
export const targetAccountBody = z.discriminatedUnion(
  'targetNetwork',
  [
    option('BITCOIN'),
    option('ETHEREUM'),
    option('LITECOIN'),
    option('LIGHTNING'),
    option('STELLAR'),
    option('PIX'),
    option('BANK'),
  ],
  { error: messages.targetNetworkRequired },
);
export type TargetAccountBodyInput = z.input<typeof targetAccountBody>;
export type TargetAccountBody = z.output<typeof targetAccountBody>;
