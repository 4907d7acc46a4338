import { logDirection, logTitle, type TransactionLog } from '@vault/contract/schemas/wallet';

/** What one log means to this member in this wallet: title, other party, signed amount. */
export function describeLog(log: TransactionLog, me: string, wallet: { symbol: string }) {
  const iAmSender = log.fromUser?._id === me;
  const direction = logDirection(log.type, iAmSender);
  const counterparty = iAmSender ? (log.toUser?.email ?? log.to) : (log.fromUser?.email ?? log.from);
  // A swap into this wallet is told by what arrived here, not by what left the other wallet.
  const incomingSwap =
    log.toAmount !== null && log.toToken?.coinSymbol === wallet.symbol && log.fromToken?.coinSymbol !== wallet.symbol;
  return {
    title: logTitle(log.type, iAmSender),
    direction,
    counterparty: counterparty ?? null,
    amount: incomingSwap && log.toAmount !== null ? log.toAmount : log.amount,
  };
}
