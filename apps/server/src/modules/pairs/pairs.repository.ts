// The pairs and users' favourite pairs in the database.
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { favoritePairs, pairs } from './pairs.schema';

export type PairRow = typeof pairs.$inferSelect;

export function createPairsRepository(db: Database) {
  return {
    /** Inserts the pairs that do not exist yet; never changes one an administrator has edited. */
    async seed(rows: Array<typeof pairs.$inferInsert>): Promise<number> {
      const inserted = await db
        .insert(pairs)
        .values(rows)
        .onConflictDoNothing()
        .returning({ symbol: pairs.symbol });
      return inserted.length;
    },
    async all(): Promise<PairRow[]> {
      return db.select().from(pairs).orderBy(asc(pairs.sortOrder), asc(pairs.symbol));
    },
    async find(symbol: string): Promise<PairRow | undefined> {
      const [row] = await db.select().from(pairs).where(eq(pairs.symbol, symbol)).limit(1);
      return row;
    },
    /** An administrator's change to a pair; undefined when there is no such pair. */
    async update(symbol: string, values: Partial<typeof pairs.$inferInsert>): Promise<PairRow | undefined> {
      const [row] = await db.update(pairs).set(values).where(eq(pairs.symbol, symbol)).returning();
      return row;
    },

    /** The symbols a user marked as favourites. */
    async favoritesOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ symbol: favoritePairs.symbol })
        .from(favoritePairs)
        .where(eq(favoritePairs.userId, userId));
      return rows.map((row) => row.symbol);
    },

    async addFavorite(userId: string, symbol: string): Promise<void> {
      await db.insert(favoritePairs).values({ userId, symbol }).onConflictDoNothing();
    },
    async removeFavorite(userId: string, symbol: string): Promise<void> {
      await db
        .delete(favoritePairs)
        .where(and(eq(favoritePairs.userId, userId), eq(favoritePairs.symbol, symbol)));
    },
  };
}
export type PairsRepository = ReturnType<typeof createPairsRepository>;
