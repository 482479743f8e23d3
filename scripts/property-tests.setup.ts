// Property tests run on one fixed seed in every test tier, so a run is repeatable and its cost is
// the same each time: a failure seen once is seen again, and no test times out on an unlucky draw.
// `FC_SEED=random` (or a number) explores other cases, as `npm run fuzz` does for the contract.
import fc from 'fast-check';

const asked = process.env.FC_SEED;
const seed = asked === 'random' ? Date.now() ^ (Math.random() * 0x100000000) : Number(asked ?? 20261129);
if (asked !== undefined) console.info(`fast-check seed ${seed}`);
fc.configureGlobal({ seed });
