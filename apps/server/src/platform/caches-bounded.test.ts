import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths';

/**
 * Every map or set the server keeps for its whole life must have a bound: a cache keyed by
 * tokens, users or requests that only grows is a leak that a soak finds after hours and a test
 * here finds at once. A map or set created at a module's top level, as a class field, or in a
 * factory's body (state its closures keep) passes when it is
 * - a `BoundedMap` or `BoundedSet` (`platform/bounded.ts`, not a `Map` or `Set` at all),
 * - never added to after it is made (a fixed table), or
 * - listed below with what bounds it (one entry per pair, its own eviction, one call's local).
 */
const KEPT_BY_DESIGN: Record<string, string> = {
  'modules/market/binance-feed.ts minuteVolume': 'one entry per symbol the feed streams',
  'modules/market/candle-builder.ts states': 'one entry per candle interval',
  'modules/market/market-engine.ts live': 'one entry per pair',
  'modules/market/market-engine.ts feedSymbols': 'one entry per pair an exchange feed prices',
  'modules/market/price-board.ts latest': 'one entry per pair',
  'modules/market/price-board.ts lastClosed': 'one entry per pair and candle interval',
  'modules/market/price-board.ts listeners': 'subscribers registered by the code at start',
  'modules/market/price-sources.ts feeds': 'one entry per price feed kind',
  'modules/market/us-calendar.ts days': "one call's local: the holidays of one year",
  'modules/notifications/alert-books.ts above': 'one entry per pair',
  'modules/risk/exposure.ts bySymbol': "one call's local: one entry per pair with open positions",
  'modules/notifications/alert-books.ts below': 'one entry per pair',
  'modules/notifications/alert-books.ts live':
    "the armed alerts themselves, each a stored row within its owner's alert limit",
  'platform/mail/email-layout.ts figureSeparators': 'one entry per language',
  'platform/http/precompressed.ts made': 'one entry per encoding (two) of one prepared body',
  'platform/http/openapi-patterns.ts expanded':
    'one entry per character class with Unicode property escapes in the contracts (a handful)',
  'modules/stream/coalescer.ts pending': 'its own bound: roomsMax rooms',
  'modules/stream/coalescer.ts lastSentMs': 'its own bound: roomsMax rooms',
  'modules/stream/user-pushes.ts balanceReads':
    'one entry per book whose balance is being read, removed when it ends',
  'modules/stream/stream-sessions.ts endedAtMs':
    'its own bound: ENDED_SESSIONS_REMEMBERED_MAX, oldest dropped first',
  'modules/stream/ticket-registry.ts used':
    'its own bound: expired tickets dropped at MEMORY_TICKETS_MAX (a live one must never be forgotten, or it could be replayed)',
  'modules/trading/trading-stats.ts byPair': "one call's local: the pairs of one account's closed trades",
  'modules/trading/margin-monitor.ts positions': 'the open positions themselves, each an order row',
  'modules/trading/margin-monitor.ts bySymbol': 'one entry per pair, of its open positions',
  'modules/trading/margin-monitor.ts accounts':
    'one entry per account with an open position, removed with its last',
  'modules/trading/margin-monitor.ts quotes': 'one entry per pair',
  'modules/trading/margin-monitor.ts warned':
    'the standing margin calls, each a row of margin_calls, removed when the level recovers',
  'modules/trading/margin-monitor.ts readings': 'the balance reads in flight, removed when each ends',
  'modules/trading/margin-bands.ts hot':
    "a pair's units at a line, each an account or position the monitor watches, removed when filed again",
  'modules/trading/margin-bands.ts pairs': 'one entry per pair',
  'modules/trading/margin-bands.ts filings':
    'one entry per watched account or position, removed when it is dropped',
  'modules/trading/margin-bands.ts out': "one call's local: the units one quote hands over",
  'modules/trading/margin-bands.ts exposures': "one call's local: the pairs of one account",
  'modules/trading/margin-bands.ts filed': "one call's local: the bands of one account",
  'modules/trading/trailing-book.ts groups': 'the trailing positions themselves, each an open order row',
  'modules/trading/trailing-book.ts dirty': 'groups moved since the last save, emptied at each save',
  'modules/trading/trigger-books.ts pairs': 'one entry per pair',
  'modules/trading/trigger-books.ts versions': 'one entry per pair',
  'modules/wallet/chain-config.ts set': "one call's local: the networks a configuration enables",
  'modules/wallet/hd.ts parts': "one call's local: the parts of one derivation path",
  'modules/ledger/ledger.ts statementNames': 'one entry per statement text written in the code',
  'platform/batched-lookup.ts waiting': 'the requests of one turn of the event loop, handed over at its end',
  'platform/http/openapi-operations.ts tags': "one call's local: the tags of the API document",
  'platform/bus/bus.ts handlers': 'one entry per channel the code subscribes to',
  'platform/bus/redis-bus.ts recoveredListeners': 'listeners registered by the code at start',
  'platform/db/data-dir-lock.ts heldByUs': 'one entry per data directory this process locks',
  'platform/db/pglite-remote.ts waiting': 'the statements sent to the database thread and not yet answered',
  'platform/db/pglite-remote.ts watchersOfTransaction': 'one entry per open transaction, removed as it ends',
  'platform/mail/email-layout.ts timeFormats': 'one entry per language',
  'platform/rate-limit.ts counters': 'its own bound: keysMax counters, expired then oldest dropped first',
  'platform/singleton.ts running': 'one entry per singleton role',
};

const SOURCE_ROOT = join(SERVER_ROOT, 'src');
/** Test helpers and the load tools run beside the server, not in it. */
const OUTSIDE_THE_SERVER = new Set(['testing', 'chaos']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return OUTSIDE_THE_SERVER.has(entry.name) ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

interface Holder {
  id: string;
  line: number;
  isWritten: boolean;
}

/** Maps and sets held for longer than one call: at the top level, as class fields, in a factory's body. */
function holdersIn(file: string, text = readFileSync(file, 'utf8')): Holder[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const holders: Holder[] = [];
  const visit = (node: ts.Node, functionDepth: number) => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      (node.expression.text === 'Map' || node.expression.text === 'Set') &&
      functionDepth <= 1
    ) {
      const holder = node.parent;
      const name =
        ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)
          ? holder.name.text
          : ts.isPropertyDeclaration(holder)
            ? holder.name.getText(source)
            : undefined;
      if (name) {
        const writes = new RegExp(`\\b${name}\\s*(\\?\\.|\\.)\\s*(set|add)\\(`);
        holders.push({
          id: `${relative(SOURCE_ROOT, file)} ${name}`,
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          isWritten: writes.test(text),
        });
      }
    }
    const depth = ts.isFunctionLike(node) ? functionDepth + 1 : functionDepth;
    ts.forEachChild(node, (child) => visit(child, depth));
  };
  visit(source, 0);
  return holders;
}

describe('process-long maps and sets', () => {
  const holders = sourceFiles(SOURCE_ROOT).flatMap((file) => holdersIn(file));

  it('each has a bound: a BoundedMap or BoundedSet, a fixed table, or a listed reason', () => {
    const unbounded = holders
      .filter((holder) => holder.isWritten && !KEPT_BY_DESIGN[holder.id])
      .map(
        (holder) =>
          `${holder.id} (line ${holder.line}) grows for the process's life with no bound: make it a BoundedMap or BoundedSet (platform/bounded.ts), or list in KEPT_BY_DESIGN what bounds it`,
      );
    expect(unbounded).toEqual([]);
  });

  it('lists nothing that is no longer there', () => {
    const found = new Set(holders.map((holder) => holder.id));
    expect(Object.keys(KEPT_BY_DESIGN).filter((id) => !found.has(id))).toEqual([]);
  });

  it('finds the holders it is meant to find', () => {
    // The scan itself is checked on maps it must see: a module-level cache and a factory's state.
    const ids = holders.map((holder) => holder.id);
    expect(ids).toContain('modules/market/market-engine.ts live');
    expect(ids).toContain('modules/trading/trigger-books.ts pairs');
    const sample = [
      'const seen = new Map<string, number>();',
      'export const remember = (key: string) => seen.set(key, Date.now());',
      'export function createThing() {',
      '  const known = new Set<string>();',
      '  const fixed = new Set(["a", "b"]);',
      '  return { add: (key: string) => { const local = new Map(); local.set(key, 1); known.add(key); } };',
      '}',
      'class Book { private readonly rows = new Map<string, number>(); put(k: string) { this.rows.set(k, 1); } }',
    ].join('\n');
    const found = holdersIn(join(SOURCE_ROOT, 'sample.ts'), sample);
    expect(found.map((holder) => [holder.id, holder.isWritten])).toEqual([
      ['sample.ts seen', true],
      ['sample.ts known', true],
      ['sample.ts fixed', false],
      ['sample.ts rows', true],
    ]);
  });
});
