import { RateLimiterRes } from 'rate-limiter-flexible';

/** One request's share of a counted batch: its own position in the window's count. */
export interface Counted {
  /** Points consumed in the window up to and including this request. */
  consumed: number;
  msBeforeNext: number;
}

/** What is coalesced: rate-limiter-flexible's consume(key, points). */
export interface PointsConsumer {
  consume(key: string, points?: number): Promise<RateLimiterRes>;
}

/** What the store answered for a whole flight. */
export interface Landed {
  /** Points consumed in the window before the flight's first request (the flight's requests hold the next `size` places). */
  before: number;
  msBeforeNext: number;
}

/**
 * Requests of one key counted together by one `consume(key, size)`. A request joining it reads its
 * place (1-based, in the order they joined) as `size` right after `join` returns, then waits for
 * `landed`: one promise per flight, shared by its requests, instead of a promise, a pair of
 * resolvers and a waiter object per request.
 */
export interface Flight {
  size: number;
  readonly landed: Promise<Landed>;
}

interface OpenFlight extends Flight {
  resolve(landed: Landed): void;
  reject(error: unknown): void;
}

function openFlight(): OpenFlight {
  const { promise, resolve, reject } = Promise.withResolvers<Landed>();
  return { size: 0, landed: promise, resolve, reject };
}

/** Flights of one key in the air at once: a request that arrives during a flight leaves in the next one without waiting for it to land. */
const MAX_FLIGHTS = 2;

/**
 * Coalesces concurrent consumes of one key (see the comment this replaced in git history: same
 * flights, same places, same departure times). Returns `join(key)`: the flight that counts one
 * more request of `key` (see Flight for its place).
 */
export function coalesceFlights(consumer: PointsConsumer): (key: string) => Flight {
  const keys = new Map<string, { flying: number; next: OpenFlight | undefined; scheduled: boolean }>();

  const send = (key: string, flight: OpenFlight) => {
    const state = keys.get(key);
    if (state) state.flying++;
    else keys.set(key, { flying: 1, next: undefined, scheduled: false });
    const size = flight.size;
    const land = () => {
      const landed = keys.get(key);
      if (landed === undefined) return;
      landed.flying--;
      if (landed.next !== undefined && !landed.scheduled) depart(key, landed);
      else if (landed.flying === 0 && !landed.scheduled) keys.delete(key);
    };
    const settle = (res: RateLimiterRes) => flight.resolve({ before: res.consumedPoints - size, msBeforeNext: res.msBeforeNext });
    let call: Promise<RateLimiterRes>;
    try {
      call = consumer.consume(key, size);
    } catch (err) {
      call = Promise.reject(err);
    }
    call
      .then(settle, (err: unknown) => {
        if (err instanceof RateLimiterRes) return settle(err);
        flight.reject(err);
      })
      // Landed a turn after its requests were answered, as before: the next flight leaves then.
      .then(land);
  };

  const depart = (key: string, state: { next: OpenFlight | undefined }) => {
    const flight = state.next as OpenFlight;
    state.next = undefined;
    send(key, flight);
  };

  return (key) => {
    const state = keys.get(key);
    if (state === undefined) {
      const flight = openFlight();
      flight.size = 1;
      send(key, flight);
      return flight;
    }
    let flight = state.next;
    if (flight === undefined) {
      flight = openFlight();
      state.next = flight;
    }
    flight.size++;
    if (state.scheduled || state.flying >= MAX_FLIGHTS) return flight;
    state.scheduled = true;
    queueMicrotask(() => {
      state.scheduled = false;
      if (state.next !== undefined && state.flying < MAX_FLIGHTS) depart(key, state);
      else if (state.flying === 0 && state.next === undefined) keys.delete(key);
    });
    return flight;
  };
}

/** coalesceFlights with each request's own count: its place in the store's count and when the window ends. */
export function coalesceConsumes(consumer: PointsConsumer): (key: string) => Promise<Counted> {
  const join = coalesceFlights(consumer);
  return (key) => {
    const flight = join(key);
    const place = flight.size;
    return flight.landed.then((landed) => ({ consumed: landed.before + place, msBeforeNext: landed.msBeforeNext }));
  };
}
