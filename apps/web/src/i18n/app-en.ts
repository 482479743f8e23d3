import admin from './admin/en.json';
import common from './common/en.json';
import financing from './financing/en.json';
import history from './history/en.json';
import home from './home/en.json';
import layout from './layout/en.json';
import legal from './legal/en.json';
import market from './market/en.json';
import notifications from './notifications/en.json';
import portfolio from './portfolio/en.json';
import profile from './profile/en.json';
import referral from './referral/en.json';
import support from './support/en.json';
import trade from './trade/en.json';
import verification from './verification/en.json';
import wallet from './wallet/en.json';

/** The signed-in screens' words in English, by area; every other language has the same keys. */
const app = {
  ...common,
  ...layout,
  ...home,
  ...trade,
  ...portfolio,
  ...market,
  ...history,
  ...wallet,
  ...support,
  ...profile,
  ...verification,
  ...notifications,
  ...referral,
  ...admin,
  ...legal,
  ...financing,
};
export type TAppKey = keyof typeof app;
export default app as Record<string, string>;
