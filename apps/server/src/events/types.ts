/**
 * Domain events. Services emit them; the realtime gateway turns them into socket.io messages
 * (realtime/gateway.ts), so services never import socket.io.
 */
export type DomainEvents = {
  userBlocked: { userId: string; email: string; blockReason: string };
  notificationCreated: {
    userId: string;
    email: string;
    notification: { _id: string; message: string; createdAt: string };
  };
  sessionsRevoked: { userId: string };
  /**
   * An administrator wrote every member a notification (one row each, one statement): every open screen's
   * bell refetches. One event for all, not one per member.
   */
  notificationBroadcast: { message: string; createdAt: string };
  /**
   * An administrator set a price or changed how a token or coin is shown (order, visibility, decimals, colour,
   * icon): every member's wallet screens refetch.
   */
  pricesChanged: { coinSymbol: string };
  /** A member's balances changed (spec: nativeWalletUpdate refreshes open dashboards). */
  walletUpdated: { userId: string; email: string };
  /** A member's opportunity-token units changed (issue 17; spec 1 §7 nftBalanceUpdated). */
  nftBalanceUpdated: { userId: string; email: string };
  /** A member's vault was activated (spec 1 §4: the send screen turns into the Send form). */
  walletActivated: { userId: string; email: string };
  /**
   * A chat message was written (issue 15): the gateway gives each of `to` (the room's members) their own copy
   * (attachments signed for them) and the inbox's recent-room update. Attachments are stored paths here.
   */
  chatMessage: {
    message: {
      id: string;
      roomId: string;
      userId: string;
      recipientId: string | null;
      type: 'text' | 'image' | 'file';
      text: string;
      attachment: string | null;
      fileName: string | null;
      createdAt: string;
    };
    to: string[];
    /** A member's support room: its member and the administrator who took it; null for a direct room. */
    support: { memberId: string; assignedTo: string | null } | null;
  };
  /** A block between two members was made or lifted (issue 15 §6): each is told the other's id. */
  chatBlockChanged: { userIds: [string, string] };
  /** An administrator took a member's support room (issue 15 item 5): the desks' inboxes refresh. */
  supportRoomAssigned: { roomId: string; assignedTo: string };
};

export type EventName = keyof DomainEvents;
/** One event as it is stored: its name, its payload and the scope that may deliver it. */
export type EventRow = { scope: string; name: EventName; payload: DomainEvents[EventName] };
