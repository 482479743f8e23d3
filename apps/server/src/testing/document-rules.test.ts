import { ZAnnouncementRequest } from '@td/contracts/announcements';
import { ZCreateApiKeyRequest } from '@td/contracts/api-keys';
import {
  ZResetPasswordRequest,
  ZSigninRequest,
  ZSignupRequest,
  ZTfaActivateRequest,
  ZTfaDeactivateRequest,
} from '@td/contracts/auth';
import { ZBalanceOperationRequest } from '@td/contracts/balance-operations';
import { ZChartSettingsRequest } from '@td/contracts/chart-settings';
import { ZOneClickTradingRequest, ZSwapRateInput } from '@td/contracts/financing';
import { ZKycDetailsRequest } from '@td/contracts/kyc';
import { ZCreateAlertRequest } from '@td/contracts/notifications';
import { ZDailyReportQuery } from '@td/contracts/reports';
import { ZCreateTicketRequest } from '@td/contracts/tickets';
import { ZPriceInput, ZUsdInput } from '@td/contracts/trading';
import { ZConfirmWithdrawalRequest, ZWalletAddressRequest, ZWithdrawRequest } from '@td/contracts/wallet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createSchemaArbitraries, type JsonSchema } from './json-schema-arbitrary';
import { createConformance, isMultipleOf } from './openapi-conformance';

/**
 * The request schemas whose rules the API's document now carries (patterns for codes, e-mail
 * addresses, passwords, decimals with their greatest values, dates; rules between fields as
 * `anyOf`/`oneOf`/`not`): what the document's JSON Schema allows, the schema takes, and what the
 * document refuses, the schema refuses. Values are generated from the JSON Schema itself and
 * judged by ajv as the contract test judges requests.
 */
const SCHEMAS: Record<string, z.core.$ZodType> = {
  announcement: ZAnnouncementRequest,
  apiKey: ZCreateApiKeyRequest,
  signin: ZSigninRequest,
  signup: ZSignupRequest,
  resetPassword: ZResetPasswordRequest,
  tfaActivate: ZTfaActivateRequest,
  tfaDeactivate: ZTfaDeactivateRequest,
  balanceOperation: ZBalanceOperationRequest,
  chartSettings: ZChartSettingsRequest,
  oneClick: ZOneClickTradingRequest,
  swap: z.object({ swapLong: ZSwapRateInput('Swap') }),
  kyc: ZKycDetailsRequest,
  alert: ZCreateAlertRequest,
  report: ZDailyReportQuery,
  ticket: ZCreateTicketRequest,
  prices: z.object({ price: ZPriceInput('Price'), amount: ZUsdInput('Amount') }),
  walletAddress: ZWalletAddressRequest,
  withdrawal: ZWithdrawRequest,
  withdrawalConfirm: ZConfirmWithdrawalRequest,
};

/** Values per schema: generating text from its patterns is the slow part. */
const RUNS = 100;

const documentOf = () => ({
  openapi: '3.1.0',
  paths: {},
  components: {
    schemas: Object.fromEntries(
      Object.entries(SCHEMAS).map(([name, schema]) => {
        const { $schema: _schema, ...json } = z.toJSONSchema(schema, {
          io: 'input',
          unrepresentable: 'any',
        }) as JsonSchema;
        return [name, json];
      }),
    ),
  },
});

describe("the document's rules are the schemas' rules", () => {
  const document = documentOf();
  const arbitraries = createSchemaArbitraries(document);
  const conformance = createConformance(document, []);

  it.each(Object.keys(SCHEMAS))(
    '%s: what the document allows the schema takes, what it refuses the schema refuses',
    (name) => {
      const schema = SCHEMAS[name] as z.core.$ZodType;
      const ref = { $ref: `#/components/schemas/${name}` };
      const judged = (value: unknown) => conformance.valueProblemOf(`#/components/schemas/${name}`, value);
      let allowed = 0;
      const made = fc.oneof(
        arbitraries.validOf(ref).map((value) => ({ value, isBroken: false })),
        arbitraries.invalidOf(ref).map((value) => ({ value, isBroken: true })),
      );
      fc.assert(
        fc.property(made, ({ value, isBroken }) => {
          const problem = judged(value);
          const parsed = z.safeParse(schema, value);
          if (problem === undefined) {
            allowed++;
            expect(parsed.error?.issues ?? [], JSON.stringify(value)).toEqual([]);
          } else if (isBroken) {
            // Broken in one way the document states: the schema refuses it too. (A value made valid
            // that the document refuses may still be taken: the document is stricter about white
            // space around trimmed text, for one.)
            expect(parsed.success, `${JSON.stringify(value)}: ${problem}`).toBe(false);
          }
        }),
        { numRuns: RUNS, seed: 42, endOnFailure: true },
      );
      // The generator reaches the valid side, not only the refusals.
      expect(allowed).toBeGreaterThan(RUNS / 50);
    },
    120_000,
  );

  it('reads multipleOf of a decimal as its text, as the server does', () => {
    expect([0.07, 1, 999999999999.99, 0.01].every((value) => isMultipleOf(0.01, value))).toBe(true);
    expect([0.001, 0.1 + 0.2, 1e-7].some((value) => isMultipleOf(0.01, value))).toBe(false);
    expect(isMultipleOf(1e-8, 1e-7)).toBe(false);
    expect(isMultipleOf(0.1, 0.3)).toBe(true);
  });
});
