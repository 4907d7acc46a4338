import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import { fieldErrors } from '../src/schemas/common.ts';
import {
  checkEthereumAddress,
  crc16xmodem,
  isBitcoinAddress,
  isCbu,
  isCnpj,
  isCpf,
  isCuit,
  isLitecoinAddress,
  isStellarAccount,
  isStellarAsset,
  isStellarMemo,
  lightningTargetKind,
  parsePixKey,
  TARGET_ACCOUNT_FIELDS,
  TARGET_NETWORKS,
  targetAccount,
  targetAccountBody,
  toEthereumChecksumAddress,
} from '../src/target-accounts.ts';

/** The first message per field, as the form shows them. */
const errorsOf = (value: unknown) => {
  const result = targetAccountBody.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

// Published examples. Bitcoin: the genesis coinbase address, the BIP-13/16 era P2SH example, and BIP-350's
// valid mainnet vectors (v0 P2WPKH upper case, v0 P2WSH, v1 Taproot).
const BTC_P2PKH = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const BTC_P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const BTC_P2WPKH = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4';
const BTC_P2WSH = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3';
const BTC_TAPROOT = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
const LTC_P2PKH = 'LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc1';
const LTC_P2SH = 'MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN';
const LTC_SEGWIT = 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea';
// EIP-55's examples.
const ETH_CHECKSUMMED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
// BOLT 11's examples: a donation without amount and a 2500u coffee.
const BOLT11_DONATION =
  'lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql';
const BOLT11_COFFEE =
  'lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh';
// LUD-01's example LNURL.
const LNURL =
  'LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS';
// The Stellar SDK's StrKey example account, and Circle's USDC issuer.
const XLM_ACCOUNT = 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ';
const USDC_ISSUER = 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';

/** The same string with the character at `i` changed to another of the same alphabet. */
const changeAt = (value: string, i: number, to: string) => value.slice(0, i) + to + value.slice(i + 1);

describe('Bitcoin', () => {
  it.each([BTC_P2PKH, BTC_P2SH, BTC_P2WPKH, BTC_P2WPKH.toLowerCase(), BTC_P2WSH, BTC_TAPROOT])('takes %s', (a) => {
    expect(isBitcoinAddress(a)).toBe(true);
  });

  it.each([
    ['base58 checksum', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
    ['base58 checksum (P2SH)', changeAt(BTC_P2SH, 10, 'Y')],
    ['bech32 checksum (BIP-173)', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['bech32m checksum', changeAt(BTC_TAPROOT, 20, 'q')],
    ['Taproot with a bech32 checksum (BIP-350)', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'],
    ['invalid witness version', 'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2'],
    ['invalid program length', 'bc1rw5uspcuh'],
    ['v0 program of 16 bytes', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'],
    ['mixed case', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8f3t4'],
    ['zero padding of more than 4 bits', 'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du'],
    ['empty data', 'bc1gmk9yu'],
    ['testnet', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'],
    ['undefined witness version 16 (anyone can spend)', 'BC1SW50QGDZ25J'],
    ['undefined witness version 2', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs'],
    ['a Litecoin address', LTC_P2PKH],
    ['an Ethereum address', ETH_CHECKSUMMED[0]],
    ['nothing', ''],
  ])('refuses %s', (_why, a) => {
    expect(isBitcoinAddress(a!)).toBe(false);
  });
});

describe('Litecoin', () => {
  it.each([LTC_P2PKH, LTC_P2SH, LTC_SEGWIT, BTC_P2SH])('takes %s', (a) => {
    expect(isLitecoinAddress(a)).toBe(true);
  });

  it.each([
    changeAt(LTC_P2PKH, 5, 'S'),
    changeAt(LTC_P2SH, 5, 'Q'),
    changeAt(LTC_SEGWIT, 10, 'q'),
    BTC_P2PKH,
    BTC_P2WPKH,
  ])('refuses %s', (a) => {
    expect(isLitecoinAddress(a)).toBe(false);
  });
});

describe('Ethereum', () => {
  it.each(ETH_CHECKSUMMED)('takes the EIP-55 example %s', (a) => {
    expect(checkEthereumAddress(a)).toBe('valid');
    expect(toEthereumChecksumAddress(a.toLowerCase())).toBe(a);
  });

  it('takes all lower and all upper case (no checksum)', () => {
    expect(checkEthereumAddress(ETH_CHECKSUMMED[0]!.toLowerCase())).toBe('valid');
    expect(checkEthereumAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('valid');
  });

  it('refuses a mixed-case address whose checksum does not hold', () => {
    expect(checkEthereumAddress('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('checksum');
  });

  it.each([
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
    `0xg${'a'.repeat(39)}`,
  ])('refuses the malformed %s', (a) => {
    expect(checkEthereumAddress(a)).toBe('malformed');
  });
});

describe('Lightning', () => {
  it('takes BOLT 11 invoices, an LNURL and a Lightning address', () => {
    expect(lightningTargetKind(BOLT11_DONATION)).toBe('invoice');
    expect(lightningTargetKind(`lightning:${BOLT11_COFFEE.toUpperCase()}`)).toBe('invoice');
    expect(lightningTargetKind(LNURL)).toBe('lnurl');
    expect(lightningTargetKind('satoshi@bitcoin.org')).toBe('address');
  });

  it.each([
    ['invoice checksum', changeAt(BOLT11_DONATION, 30, 'q')],
    ['testnet invoice prefix', `lntb${BOLT11_DONATION.slice(4)}`],
    ['LNURL checksum', changeAt(LNURL, 30, 'Q')],
    ['address without a domain', 'satoshi@localhost'],
    ['a Bitcoin address', BTC_P2WPKH],
  ])('refuses %s', (_why, a) => {
    expect(lightningTargetKind(a!)).toBeNull();
  });
});

describe('Stellar', () => {
  it('computes CRC16-XModem (check value of "123456789" is 0x31C3)', () => {
    expect(crc16xmodem(new TextEncoder().encode('123456789'))).toBe(0x31c3);
  });

  it('takes StrKey accounts and refuses a changed character, a secret seed and a muxed account', () => {
    expect(isStellarAccount(XLM_ACCOUNT)).toBe(true);
    expect(isStellarAccount(USDC_ISSUER)).toBe(true);
    expect(isStellarAccount(changeAt(XLM_ACCOUNT, 55, 'A'))).toBe(false);
    expect(isStellarAccount(changeAt(XLM_ACCOUNT, 20, 'B'))).toBe(false);
    expect(isStellarAccount('SBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWHOKR')).toBe(false);
    expect(isStellarAccount('MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ')).toBe(false);
  });

  it('takes asset codes of 1 to 12 alphanumerics, optionally with the issuer', () => {
    expect(['XLM', 'native', 'USDC', 'A', 'ABCDEFGHIJKL', `USDC:${USDC_ISSUER}`].map(isStellarAsset)).toEqual(
      Array(6).fill(true),
    );
    expect(
      ['ABCDEFGHIJKLM', 'US-D', `USDC:${changeAt(USDC_ISSUER, 10, 'A')}`, 'USDC:', ':X'].map(isStellarAsset),
    ).toEqual(Array(5).fill(false));
  });

  it('checks memos by their type', () => {
    expect(isStellarMemo('a'.repeat(28), 'text')).toBe(true);
    expect(isStellarMemo('a'.repeat(29), 'text')).toBe(false);
    expect(isStellarMemo('é'.repeat(15), 'text')).toBe(false); // 30 bytes
    expect(isStellarMemo('18446744073709551615', 'id')).toBe(true);
    expect(isStellarMemo('18446744073709551616', 'id')).toBe(false);
    expect(isStellarMemo('-1', 'id')).toBe(false);
    expect(isStellarMemo('ab'.repeat(32), 'hash')).toBe(true);
    expect(isStellarMemo('ab'.repeat(31), 'return')).toBe(false);
  });
});

describe('PIX', () => {
  it('takes CPF and CNPJ with their check digits, the alphanumeric CNPJ included', () => {
    expect(isCpf('529.982.247-25')).toBe(true);
    expect(isCpf('11144477735')).toBe(true);
    expect(isCpf('52998224726')).toBe(false);
    expect(isCpf('111.111.111-11')).toBe(false);
    expect(isCnpj('11.222.333/0001-81')).toBe(true);
    expect(isCnpj('11222333000182')).toBe(false);
    expect(isCnpj('12.ABC.345/01DE-35')).toBe(true); // Receita Federal's alphanumeric example
    expect(isCnpj('12ABC34501DF35')).toBe(false);
  });

  it.each([
    ['529.982.247-25', { type: 'cpf', key: '52998224725' }],
    ['11.222.333/0001-81', { type: 'cnpj', key: '11222333000181' }],
    ['Fulano@Example.com', { type: 'email', key: 'fulano@example.com' }],
    ['+55 (11) 91234-5678', { type: 'phone', key: '+5511912345678' }],
    ['123E4567-E89B-12D3-A456-426614174000', { type: 'evp', key: '123e4567-e89b-12d3-a456-426614174000' }],
  ])('reads the key %s', (key, parsed) => {
    expect(parsePixKey(key)).toEqual(parsed);
  });

  it.each(['52998224726', '11912345678', '+1 415 555 0100', '123e4567-e89b-12d3-a456-42661417400', 'fulano@', 'key'])(
    'refuses the key %s',
    (key) => {
      expect(parsePixKey(key)).toBeNull();
    },
  );
});

describe('Argentine bank account', () => {
  it('checks the CBU blocks', () => {
    expect(isCbu('2850590940090418135201')).toBe(true);
    expect(isCbu('28505909 40090418135201')).toBe(true);
    expect(isCbu('2850590940090418135202')).toBe(false); // second check digit
    expect(isCbu('2850590840090418135201')).toBe(false); // first check digit
    expect(isCbu('285059094009041813520')).toBe(false);
  });

  it('checks the CUIT check digit and its type', () => {
    expect(isCuit('20-12345678-6', 'person')).toBe(true);
    expect(isCuit('20-12345678-7')).toBe(false);
    expect(isCuit('33-69345023-9', 'company')).toBe(true); // AFIP's own
    expect(isCuit('30-50001091-2', 'company')).toBe(true);
    expect(isCuit('33-69345023-9', 'person')).toBe(false);
    expect(isCuit('20-12345678-6', 'company')).toBe(false);
    expect(isCuit('10-12345678-1')).toBe(false);
  });
});

describe('the target account form (spec 2 §5 Crypto redeem)', () => {
  it('lists every network with its fields', () => {
    expect(Object.keys(TARGET_ACCOUNT_FIELDS)).toEqual([...TARGET_NETWORKS]);
  });

  it.each([{}, { targetNetwork: '' }, { targetNetwork: 'DOGECOIN', targetAccount: {} }])(
    'asks for a network: %o',
    (value) => {
      expect(errorsOf(value)).toEqual({ targetNetwork: messages.targetNetworkRequired });
    },
  );

  it.each([
    ['BITCOIN', messages.bitcoinAddressInvalid, BTC_P2WPKH, changeAt(BTC_P2PKH, 33, 'b')],
    ['LITECOIN', messages.litecoinAddressInvalid, LTC_SEGWIT, BTC_P2PKH],
    ['ETHEREUM', messages.ethereumAddressInvalid, ETH_CHECKSUMMED[0], '0x1234'],
    ['ETHEREUM', messages.ethereumChecksumInvalid, ETH_CHECKSUMMED[1], '0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['LIGHTNING', messages.lightningTargetInvalid, BOLT11_COFFEE, BTC_TAPROOT],
  ])('%s: the address is required, checked, and %s when malformed', (network, invalid, good, bad) => {
    expect(errorsOf({ targetNetwork: network, targetAccount: { address: ' ' } })).toEqual({
      'targetAccount.address': messages.targetAddressRequired,
    });
    expect(errorsOf({ targetNetwork: network })).toEqual({ 'targetAccount.address': messages.targetAddressRequired });
    expect(errorsOf({ targetNetwork: network, targetAccount: { address: bad } })).toEqual({
      'targetAccount.address': invalid,
    });
    expect(targetAccountBody.parse({ targetNetwork: network, targetAccount: { address: ` ${good} ` } })).toEqual({
      targetNetwork: network,
      targetAccount: { address: network === 'LIGHTNING' ? good!.toLowerCase() : good },
    });
  });

  it('PIX: pixKey and taxId', () => {
    expect(errorsOf({ targetNetwork: 'PIX', targetAccount: { pixKey: '', taxId: '' } })).toEqual({
      'targetAccount.pixKey': messages.targetPixKeyRequired,
      'targetAccount.taxId': messages.targetTaxIdRequired,
    });
    expect(
      errorsOf({ targetNetwork: 'PIX', targetAccount: { pixKey: '52998224726', taxId: '11222333000182' } }),
    ).toEqual({ 'targetAccount.pixKey': messages.pixKeyInvalid, 'targetAccount.taxId': messages.pixTaxIdInvalid });
    expect(targetAccount('PIX').parse({ pixKey: '+55 11 91234-5678', taxId: '529.982.247-25' })).toEqual({
      pixKey: '+5511912345678',
      taxId: '52998224725',
    });
  });

  it('BANK: cbu, cuitPersonal and the optional cuitCompany', () => {
    expect(errorsOf({ targetNetwork: 'BANK', targetAccount: { cbu: '', cuitPersonal: '' } })).toEqual({
      'targetAccount.cbu': messages.targetCbuRequired,
      'targetAccount.cuitPersonal': messages.targetCuitPersonalRequired,
    });
    const bad = { cbu: '2850590940090418135202', cuitPersonal: '33-69345023-9', cuitCompany: '20-12345678-6' };
    expect(errorsOf({ targetNetwork: 'BANK', targetAccount: bad })).toEqual({
      'targetAccount.cbu': messages.cbuInvalid,
      'targetAccount.cuitPersonal': messages.cuitPersonalInvalid,
      'targetAccount.cuitCompany': messages.cuitCompanyInvalid,
    });
    const good = { cbu: '2850590940090418135201', cuitPersonal: '20-12345678-6' };
    expect(targetAccount('BANK').parse({ ...good, cuitCompany: '' })).toEqual({
      cbu: '2850590940090418135201',
      cuitPersonal: '20123456786',
    });
    expect(targetAccount('BANK').parse({ ...good, cuitCompany: '33-69345023-9' }).cuitCompany).toBe('33693450239');
  });

  it('STELLAR: account, asset, and an optional memo checked by its type', () => {
    expect(errorsOf({ targetNetwork: 'STELLAR', targetAccount: { account: '', asset: '' } })).toEqual({
      'targetAccount.account': messages.targetStellarAccountRequired,
      'targetAccount.asset': messages.targetStellarAssetRequired,
    });
    const stellar = (patch: object) => ({
      targetNetwork: 'STELLAR',
      targetAccount: { account: XLM_ACCOUNT, asset: 'XLM', ...patch },
    });
    expect(errorsOf(stellar({ account: changeAt(XLM_ACCOUNT, 55, 'A'), asset: 'TOO-LONG' }))).toEqual({
      'targetAccount.account': messages.stellarAccountInvalid,
      'targetAccount.asset': messages.stellarAssetInvalid,
    });
    expect(errorsOf(stellar({ memo: 'x', memoType: 'note' }))).toEqual({
      'targetAccount.memoType': messages.stellarMemoTypeInvalid,
    });
    expect(errorsOf(stellar({ memo: 'a'.repeat(29) }))).toEqual({
      'targetAccount.memo': messages.stellarMemoTextTooLong,
    });
    expect(errorsOf(stellar({ memo: '12a', memoType: 'id' }))).toEqual({
      'targetAccount.memo': messages.stellarMemoIdInvalid,
    });
    expect(errorsOf(stellar({ memo: 'abc', memoType: 'hash' }))).toEqual({
      'targetAccount.memo': messages.stellarMemoHashInvalid,
    });
    expect(targetAccountBody.parse(stellar({ memo: '', memoType: 'id' })).targetAccount).toEqual({
      account: XLM_ACCOUNT,
      asset: 'XLM',
    });
    expect(targetAccountBody.parse(stellar({ memo: ' 12345 ', memoType: '' })).targetAccount).toEqual({
      account: XLM_ACCOUNT,
      asset: 'XLM',
      memo: '12345',
      memoType: 'text',
    });
    expect(
      targetAccount('STELLAR').parse({
        account: XLM_ACCOUNT.toLowerCase(),
        asset: `USDC:${USDC_ISSUER}`,
        memo: '7',
        memoType: 'id',
      }),
    ).toEqual({
      account: XLM_ACCOUNT,
      asset: `USDC:${USDC_ISSUER}`,
      memo: '7',
      memoType: 'id',
    });
  });
});
