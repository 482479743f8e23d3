import { Heap } from './heap';

/**
 * Trailing stops of one pair and one side, in "long space": `p` is the price the positions close
 * at, signed so that higher is better for their owners (the bid for longs, minus the ask for
 * shorts). Each position's stop-loss is `best - distance`, where `best` is the best `p` since its
 * stop was set, and fires when `p` falls to it.
 *
 * Positions whose best the price passes all get the same best (the price), so they are kept in
 * groups that share one `best`: a rising price merges the groups it passes into one (the smaller
 * into the larger, so a position moves O(log n) times in all) instead of touching every position
 * on every tick. A group's members are ordered by distance (the smallest distance is the highest
 * stop), and two heaps of groups find, in O(1), the groups a price passes and the ones it fires.
 * Changed entries are left behind and skipped by stamp.
 */

interface Member {
  orderId: string;
  distance: bigint;
  version: number;
  /** The level last written to the database (or read from it). */
  saved: bigint;
}

class Group {
  readonly members = new Heap<Member>((a, b) => a.distance < b.distance);
  stamp = 0;
  isDead = false;
  constructor(public best: bigint) {}
  /** The highest stop in the group, or undefined when it is empty. */
  topLevel(): bigint | undefined {
    const top = this.members.peek();
    return top === undefined ? undefined : this.best - top.distance;
  }
}

interface GroupEntry {
  group: Group;
  stamp: number;
  key: bigint;
}

export interface TrailingFired {
  orderId: string;
  /** The stop-loss (in long space) as it stood when it fired. */
  level: bigint;
  /** The distance it trailed at. */
  distance: bigint;
}

/** Rebuilds the group heaps when stale entries outnumber live groups this many times (plus a floor). */
const COMPACT_FACTOR = 4;
const COMPACT_FLOOR = 1_024;

export class TrailingBook {
  private byBest = new Heap<GroupEntry>((a, b) => a.key < b.key);
  private byLevel = new Heap<GroupEntry>((a, b) => a.key > b.key);
  private readonly groups = new Set<Group>();
  private readonly dirty = new Set<Group>();

  /**
   * Adds a position whose stop-loss stands at `level` (long space) at `distance` from its best;
   * `isLive(orderId, version)` is asked before anything fires or is saved.
   */
  add(orderId: string, distance: bigint, level: bigint, version: number): void {
    const group = new Group(level + distance);
    group.members.push({ orderId, distance, version, saved: level });
    this.groups.add(group);
    this.index(group);
  }

  private index(group: Group): void {
    group.stamp++;
    const level = group.topLevel();
    if (level === undefined) {
      group.isDead = true;
      this.groups.delete(group);
      this.dirty.delete(group);
      return;
    }
    this.byBest.push({ group, stamp: group.stamp, key: group.best });
    this.byLevel.push({ group, stamp: group.stamp, key: level });
    if (this.byBest.size > COMPACT_FACTOR * this.groups.size + COMPACT_FLOOR) this.compact();
  }

  private compact(): void {
    this.byBest = new Heap<GroupEntry>((a, b) => a.key < b.key);
    this.byLevel = new Heap<GroupEntry>((a, b) => a.key > b.key);
    for (const group of this.groups) {
      const level = group.topLevel();
      if (level === undefined) continue;
      this.byBest.push({ group, stamp: group.stamp, key: group.best });
      this.byLevel.push({ group, stamp: group.stamp, key: level });
    }
  }

  private static isCurrent(entry: GroupEntry): boolean {
    return !entry.group.isDead && entry.group.stamp === entry.stamp;
  }

  /**
   * A new price `p`: fires every stop at or above it (each once; they leave the book), then moves
   * the best of every position it passes up to it.
   */
  cross(p: bigint, isLive: (orderId: string, version: number) => boolean): TrailingFired[] {
    const fired: TrailingFired[] = [];
    for (let top = this.byLevel.peek(); top && top.key >= p; top = this.byLevel.peek()) {
      this.byLevel.pop();
      if (!TrailingBook.isCurrent(top)) continue;
      const { group } = top;
      for (let member = group.members.peek(); member; member = group.members.peek()) {
        const isStale = !isLive(member.orderId, member.version);
        const level = group.best - member.distance;
        if (!isStale && level < p) break;
        group.members.pop();
        if (!isStale) fired.push({ orderId: member.orderId, level, distance: member.distance });
      }
      this.index(group);
    }
    const passed: Group[] = [];
    for (let top = this.byBest.peek(); top && top.key < p; top = this.byBest.peek()) {
      this.byBest.pop();
      if (TrailingBook.isCurrent(top)) passed.push(top.group);
    }
    if (passed.length > 0) {
      let into = passed[0] as Group;
      for (const group of passed) if (group.members.size > into.members.size) into = group;
      for (const group of passed) {
        if (group === into) continue;
        for (const member of group.members.values()) {
          if (isLive(member.orderId, member.version)) into.members.push(member);
        }
        group.isDead = true;
        this.groups.delete(group);
        this.dirty.delete(group);
      }
      into.best = p;
      this.dirty.add(into);
      this.index(into);
    }
    return fired;
  }

  /** The stop-losses that moved since last asked (long space), each marked as saved. */
  moved(
    isLive: (orderId: string, version: number) => boolean,
  ): { orderId: string; distance: bigint; level: bigint }[] {
    const out: { orderId: string; distance: bigint; level: bigint }[] = [];
    for (const group of this.dirty) {
      for (const member of group.members.values()) {
        const level = group.best - member.distance;
        if (level === member.saved || !isLive(member.orderId, member.version)) continue;
        member.saved = level;
        out.push({ orderId: member.orderId, distance: member.distance, level });
      }
    }
    this.dirty.clear();
    return out;
  }

  /** The stop-loss of a position in the book now (long space), or undefined (tests, the bench). */
  levelOf(orderId: string, isLive: (orderId: string, version: number) => boolean): bigint | undefined {
    for (const group of this.groups) {
      for (const member of group.members.values()) {
        if (member.orderId === orderId && isLive(member.orderId, member.version))
          return group.best - member.distance;
      }
    }
    return undefined;
  }
}
