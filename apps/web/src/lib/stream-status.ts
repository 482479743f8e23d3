import { create } from 'zustand';

// The state of the realtime stream's connection (lib/socket.ts), for the screens that say it.

/**
 * idle: no connection wanted (signed out, or nothing subscribed yet); connecting: the first
 * connection of the session is being set up; connected; reconnecting: the connection dropped and
 * comes back by itself.
 */
export type TStreamStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

interface TStreamState {
  status: TStreamStatus;
  isConnected: boolean;
}

export const useStreamStore = create<TStreamState>()(() => ({ status: 'idle', isConnected: false }));

export function setStreamStatus(status: TStreamStatus): void {
  useStreamStore.setState({ status, isConnected: status === 'connected' });
}

/** The connection state, re-rendering when it changes. */
export function useStreamStatus(): TStreamStatus {
  return useStreamStore((state) => state.status);
}
