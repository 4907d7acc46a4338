import { EventEmitter } from 'node:events';

/**
 * Domain events. Services emit them; the realtime gateway turns them into socket.io messages,
 * so services never import socket.io.
 */
export type DomainEvents = {
  userBlocked: { userId: string; email: string; blockReason: string };
  notificationCreated: {
    userId: string;
    email: string;
    notification: { _id: string; message: string; createdAt: string };
  };
  sessionsRevoked: { userId: string };
  /** An administrator set a price: every member's wallet values change. */
  pricesChanged: { coinSymbol: string };
  /** A member's balances changed (spec: nativeWalletUpdate refreshes open dashboards). */
  walletUpdated: { userId: string; email: string };
  /** A member's vault was activated (spec 1 §4: the send screen turns into the Send form). */
  walletActivated: { userId: string; email: string };
};

export class EventBus {
  private readonly emitter = new EventEmitter();
  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) {
    this.emitter.emit(name, payload);
  }
  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void) {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
