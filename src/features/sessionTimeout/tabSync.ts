/**
 * Keeps the portal's tabs of one browser agreeing on when the session ends: every tab tells the
 * others each new end it learns (a BroadcastChannel, same origin only). The message is one
 * number, the end in epoch milliseconds: nothing about the borrower. Where BroadcastChannel is
 * missing each tab counts on its own; the server stays the judge (a tab that signs out early only
 * ends a session nobody else used for as long).
 */
import { eventChannel, type EventChannel } from 'redux-saga';

export const TAB_CHANNEL_NAME = 'loanmanager-session';

export interface TabSync {
  /** The ends other tabs announce. */
  readonly ends: EventChannel<number>;
  announce(endsAt: number): void;
  close(): void;
}

function endOf(data: unknown): number | null {
  if (!data || typeof data !== 'object' || !('endsAt' in data)) return null;
  const { endsAt } = data;
  return typeof endsAt === 'number' && Number.isFinite(endsAt) ? endsAt : null;
}

export function openTabSync(): TabSync {
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  const broadcast = Channel ? new Channel(TAB_CHANNEL_NAME) : null;
  const ends = eventChannel<number>((emit) => {
    if (!broadcast) return () => undefined;
    broadcast.onmessage = (event: MessageEvent) => {
      const endsAt = endOf(event.data);
      if (endsAt !== null) emit(endsAt);
    };
    return () => {
      broadcast.onmessage = null;
    };
  });
  return {
    ends,
    announce(endsAt) {
      broadcast?.postMessage({ endsAt });
    },
    close() {
      ends.close();
      broadcast?.close();
    },
  };
}
