// What realtime sockets may take: how many one address holds, and what one socket may send (a token bucket of
// messages). The page sends a ping a second and a presence change now and then; a client that sends thousands
// (found 26 November: 4 million pings from one signed-in socket held the event loop for two minutes) is closed
// instead of served.

/** A burst of this many messages, then this many a second. */
export const SOCKET_MESSAGE_BUDGET = { burst: 40, perSecond: 10 } as const;

/**
 * Customers' sockets from one client address: five people with every tab open (an IPv6 network, its /48, holds
 * NETWORK_CONNECTION_SHARE times that, server/guard.ts). Accounts signed up from a few addresses cannot take
 * every socket the process keeps for customers. Administrators' sockets are not counted, nor private addresses
 * (a proxy's, when TRUST_PROXY is not set: every client would share it).
 */
export const MAX_SOCKETS_PER_ADDRESS = 50;

/** Bytes waiting to go to a socket past which it has stopped reading, and is closed (server/realtime.ts). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Takes one message from the socket's budget; false once it is spent faster than it refills. */
export function messageBudget(
  { burst, perSecond }: { burst: number; perSecond: number } = SOCKET_MESSAGE_BUDGET,
  now: () => number = Date.now,
): () => boolean {
  let tokens = burst;
  let last = now();
  return () => {
    const at = now();
    tokens = Math.min(burst, tokens + ((at - last) / 1000) * perSecond);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}
