import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bus } from '@td/server/bench';
import {
  CATALOGUE,
  createMemoryBus,
  formatCandle,
  isMarketOpen,
  MARKET_TICK_CHANNEL,
  streamSymbol,
  type TMarketTick,
  toTicker,
} from '@td/server/bench';
import { bearer, createUser } from '@td/server/testing';
import pino from 'pino';
import { createBareIo } from './support/bare-io';
import {
  CLIENT_PROCESSES,
  CLIENTS,
  type ClientProcesses,
  CONNECT_BATCH,
  CONNECT_CONCURRENCY,
  drained,
  mean,
  now,
  PAIRS,
  type Phase,
  p50p99,
  ROUNDS,
  runPhase,
  startClientProcesses,
  TARGET_P99_MS,
  Tally,
  TICKET_CONCURRENCY,
  TimeLog,
  WARM_UP_CLIENTS,
  watchBroadcasts,
} from './support/fanout';
import { startMarketApp } from './support/market-app';
import { type BenchReport, percentile, progress, round } from './support/report';
import { klineKey, tickerKey } from './support/stream-keys';

/**
 * 2,000 Socket.IO clients on the product's stream, each with its own ticket and one liveKline
 * subscription across 40 pairs: connection success, tick-to-client latency, memory per client,
 * messages delivered, dropped clients; and the same clients on a bare Socket.IO server replaying
 * the product's broadcasts at the same instants, measured in the same run.
 */
export async function streamFanoutBench(seconds: number): Promise<BenchReport> {
  const ms = seconds * 1000;
  const logger = pino({ level: 'silent' });

  // The bus the product gets, noting when each tick is published (the market's tick instant).
  let ticks = new TimeLog();
  let isLoggingTicks = false;
  const inner = createMemoryBus(logger);
  const bus: Bus = {
    ...inner,
    publish(channel, message) {
      if (isLoggingTicks && channel.name === MARKET_TICK_CHANNEL.name) {
        const at = now();
        const tick = message as TMarketTick;
        const symbol = streamSymbol(tick.pairType, tick.symbol);
        for (const [list, closed] of [
          [tick.candles, false],
          [tick.closed, true],
        ] as const) {
          for (const { interval, candle } of list) {
            if (interval !== '1') continue;
            ticks.add(
              klineKey({ symbol, interval, candle: formatCandle(candle, tick.precision), closed }),
              at,
            );
          }
        }
        ticks.add(tickerKey(toTicker(tick)), at);
      }
      return inner.publish(channel, message);
    },
  };

  const market = await startMarketApp({ bus });
  const { t, mailbox } = market;
  const bareHttp = createServer();
  const bareIo = createBareIo(bareHttp);
  const broadcasts = watchBroadcasts(bareIo);
  let clients: ClientProcesses | undefined;
  const replayTimers: NodeJS.Timeout[] = [];
  try {
    const productUrl = await market.listen();
    clients = await startClientProcesses(CLIENT_PROCESSES);

    // 40 pairs, crypto first (open every day), then forex and stocks (closed at weekends).
    const order = { crp: 0, forex: 1, stocks: 2 } as const;
    const pairs = [...CATALOGUE]
      .sort((a, b) => order[a.pairType] - order[b.pairType])
      .slice(0, PAIRS)
      .map((pair) => streamSymbol(pair.pairType, pair.symbol));
    const symbols = Array.from({ length: CLIENTS }, (_, i) => pairs[i % pairs.length] as string);
    const openPairs = CATALOGUE.filter(
      (pair) =>
        pairs.includes(streamSymbol(pair.pairType, pair.symbol)) && isMarketOpen(pair.pairType, Date.now()),
    ).length;

    // The bare server: the product's rooms and subscription message, nothing else.
    const firstCandle = new Map<string, unknown>();
    bareIo.on('connection', (socket) => {
      socket.on('liveKline', (request: { symbol: string; interval: string }) => {
        void socket.join([`kline:${request.symbol}:${request.interval}`, `ticker:${request.symbol}`]);
        socket.emit('liveKline', firstCandle.get(request.symbol) ?? { symbol: request.symbol, candle: {} });
      });
    });
    await new Promise<void>((resolve) => bareHttp.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bareHttp.address() as AddressInfo).port}`;
    // Uncounted: a few hundred clients through Socket.IO first, so the code paths both servers share
    // are compiled before either is measured.
    progress(`warm-up: ${WARM_UP_CLIENTS} clients on the bare server`);
    clients.send((index) => ({
      type: 'connect',
      url: bareUrl,
      tokens: Array.from({ length: Math.ceil(WARM_UP_CLIENTS / CLIENT_PROCESSES) }, () => 'no-ticket'),
      symbols: Array.from(
        { length: Math.ceil(WARM_UP_CLIENTS / CLIENT_PROCESSES) },
        (_, i) => pairs[(i + index) % PAIRS] as string,
      ),
      concurrency: CONNECT_CONCURRENCY,
      timeoutMs: 2_000,
      fresh: true,
    }));
    await clients.replies('connected', 60_000);
    clients.send(() => ({ type: 'disconnect' }));
    await clients.replies('disconnected', 30_000);
    await drained(bareHttp);

    progress('signing up one user; each client gets its own ticket from GET /auth/wss/signin');
    const user = await createUser(t.app, mailbox);
    const ticketsFor = async (from: number, to: number) => {
      const tokens: string[] = new Array(to - from);
      let next = 0;
      await Promise.all(
        Array.from({ length: TICKET_CONCURRENCY }, async () => {
          for (let i = next++; i < tokens.length; i = next++) {
            const response = await t.app.inject({
              method: 'GET',
              url: '/auth/wss/signin',
              headers: bearer(user.token),
            });
            if (response.statusCode !== 200) throw new Error(`ticket refused: ${response.body}`);
            tokens[i] = (response.json() as { data: { token: string } }).data.token;
          }
        }),
      );
      return tokens;
    };

    // Product and baseline take turns, so load from elsewhere on the machine falls on both alike.
    const windowMs = ms / ROUNDS;
    const productPhases: Phase[] = [];
    const baselinePhases: Phase[] = [];
    const ours = new Tally();
    const bare = new Tally();
    for (let round = 1; round <= ROUNDS; round++) {
      progress(`round ${round}/${ROUNDS}: product, ${CLIENTS} clients, recording ${windowMs / 1000} s`);
      const product = await runPhase(clients, {
        url: productUrl,
        server: t.app.server,
        tokens: ticketsFor,
        symbols,
        ms: windowMs,
        onSettled: () => {
          ticks = new TimeLog();
          isLoggingTicks = true;
        },
        onRecordStart: (at) => broadcasts.reset(at, windowMs),
      });
      isLoggingTicks = false;
      const productLog = broadcasts.result();
      ours.add(product.arrivals, productLog, ticks);
      product.arrivals.clear();
      productPhases.push(product);
      for (const batch of productLog.batches)
        for (const b of batch.broadcasts)
          if (b.event === 'liveKline') firstCandle.set((b.payload as { symbol: string }).symbol, b.payload);

      // The baseline sends the product's broadcasts of this round again, at the same offsets, so
      // the same messages per second reach the same clients.
      progress(
        `round ${round}/${ROUNDS}: bare Socket.IO, ${CLIENTS} clients, replaying ${windowMs / 1000} s`,
      );
      const baseline = await runPhase(clients, {
        url: bareUrl,
        server: bareHttp,
        tokens: async (from, to) => symbols.slice(from, to).map(() => 'no-ticket'),
        symbols,
        ms: windowMs,
        onRecordStart: (at) => {
          broadcasts.reset(at, windowMs);
          for (const batch of productLog.batches) {
            replayTimers.push(
              setTimeout(() => {
                for (const b of batch.broadcasts) bareIo.local.to(b.room).emit(b.event, b.payload);
              }, batch.offsetMs),
            );
          }
        },
      });
      bare.add(baseline.arrivals, broadcasts.result());
      baseline.arrivals.clear();
      baselinePhases.push(baseline);
    }

    const sum = (phases: Phase[], pick: (phase: Phase) => number) =>
      phases.reduce((total, phase) => total + pick(phase), 0);
    const average = (phases: Phase[], pick: (phase: Phase) => number) => mean(phases.map(pick));
    const both = (pick: (phase: Phase) => number, digits = 1) => [
      round(average(productPhases, pick), digits),
      round(average(baselinePhases, pick), digits),
    ];
    const usage = (cpu: (phase: Phase) => number, loop: (phase: Phase) => number) =>
      [productPhases, baselinePhases].map(
        (phases) => `${round(average(phases, cpu), 2)} / ${round(average(phases, loop), 2)}`,
      );
    const worstConnected = Math.min(...productPhases.map((phase) => phase.connected));
    const dropped = sum(productPhases, (phase) => phase.dropped);
    const productRate = ours.delivered / seconds;
    const baselineRate = bare.delivered / seconds;
    const tickP99 = percentile(ours.fromTick, 99);
    const pairOf = (a: number, b: number) => `${a} / ${b}`;
    const kib = (bytes: number) => round(bytes / 1024, 1);
    const errors = productPhases.flatMap((phase) => phase.errors);
    const dropReasons = productPhases.flatMap((phase) => phase.dropReasons);

    return {
      title: `Stream fan-out: ${CLIENTS} clients, ${PAIRS} pairs`,
      target: `all ${CLIENTS} connected, none dropped, tick-to-client p99 < ${TARGET_P99_MS} ms`,
      met: worstConnected === CLIENTS && dropped === 0 && tickP99 < TARGET_P99_MS,
      columns: ['measure', 'product', 'bare Socket.IO (same messages)'],
      rows: [
        [
          'clients connected (fewest in a round)',
          worstConnected,
          Math.min(...baselinePhases.map((phase) => phase.connected)),
        ],
        [
          'subscriptions answered by the current candle / by a ticker only',
          pairOf(
            round(average(productPhases, (p) => p.withCandle)),
            round(average(productPhases, (p) => p.withTickerOnly)),
          ),
          pairOf(
            round(average(baselinePhases, (p) => p.withCandle)),
            round(average(baselinePhases, (p) => p.withTickerOnly)),
          ),
        ],
        ['connecting all, s', ...both((phase) => phase.connectMs / 1000)],
        ['clients dropped while measuring', dropped, sum(baselinePhases, (phase) => phase.dropped)],
        ['messages delivered / s', round(productRate), round(baselineRate)],
        [
          'delivered ÷ sent (arrived within 3 s ÷ recipients of broadcasts)',
          round(ours.delivered / ours.sent, 3),
          round(bare.delivered / bare.sent, 3),
        ],
        ['**delivery ratio (product ÷ bare)**', round(productRate / baselineRate, 2), 1],
        ['**tick → client latency p50 / p99, ms** (liveKline)', p50p99(ours.fromTick), '—'],
        ['  of which tick → flush (coalescing wait) p50 / p99, ms', p50p99(ours.waits), '—'],
        [
          '  of which flush → client p50 / p99, ms (liveKline)',
          p50p99(ours.klineFromFlush),
          p50p99(bare.klineFromFlush),
        ],
        [
          'flush → client latency p50 / p99, ms (every message)',
          p50p99(ours.fromFlush),
          p50p99(bare.fromFlush),
        ],
        [
          'server memory per client: heap / RSS, KiB',
          pairOf(
            kib(average(productPhases, (p) => p.heapPerClient)),
            kib(average(productPhases, (p) => p.rssPerClient)),
          ),
          pairOf(
            kib(average(baselinePhases, (p) => p.heapPerClient)),
            kib(average(baselinePhases, (p) => p.rssPerClient)),
          ),
        ],
        [
          'server process CPU (share of one core) / event loop use',
          ...usage(
            (phase) => phase.serverCpu,
            (phase) => phase.serverEventLoop,
          ),
        ],
        [
          'client process CPU / event loop use',
          ...usage(
            (phase) => phase.clientCpu,
            (phase) => phase.clientEventLoop,
          ),
        ],
      ],
      notes: [
        `${ROUNDS} rounds of product then baseline, ${windowMs / 1000} s recorded each (${seconds} s per side); ${CLIENTS / PAIRS} clients per pair; ${openPairs} of the ${PAIRS} pairs had an open market (the others send a ticker every 5 s and, for interval 1, no candle). ${CLIENT_PROCESSES} client process; clients connect in batches of ${CONNECT_BATCH}, each with its own ticket from GET /auth/wss/signin (${CLIENTS} tickets took ${round((productPhases[0]?.ticketMs ?? Number.NaN) / 1000, 1)} s).`,
        `Samples: ${ours.delivered} product and ${bare.delivered} baseline messages from broadcasts inside the windows (${ours.unmatched} / ${bare.unmatched} arrivals came from broadcasts before a window); ${ours.fromTick.length} liveKline arrivals matched to their tick (${ours.tickUnmatched} not).`,
        ...(errors.length > 0 ? [`Connection errors (first few): ${errors.slice(0, 5).join('; ')}`] : []),
        ...(dropReasons.length > 0
          ? [`Drop reasons (first few): ${dropReasons.slice(0, 5).join('; ')}`]
          : []),
      ],
    };
  } finally {
    for (const timer of replayTimers) clearTimeout(timer);
    clients?.close();
    bareIo.disconnectSockets(true);
    await bareIo.close().catch(() => undefined);
    broadcasts.restore();
    await market.close();
  }
}
