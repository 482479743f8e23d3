// The back-office's report downloads: a day's orders as a streamed CSV, and the client-money
// report as JSON or CSV. Staff with the reports permission only.
import { Readable } from 'node:stream';
import { successEnvelope } from '@td/contracts/envelope';
import { reportDayProblem, ZClientMoney, ZClientMoneyQuery, ZDailyReportQuery } from '@td/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../platform/errors';
import { ok } from '../../platform/http/reply';
import { adminRoute } from '../../platform/http/route-options';
import { dailyReportFileName } from './daily-report';
import { clientMoneyCsv, type ReportsService } from './reports.service';

const attachment = (name: string) => `attachment; filename="${name}"`;

/** The back-office's reports: a day's orders (CSV, streamed) and client money (JSON or CSV). */
export function reportsRoutes(deps: { reports: ReportsService }): FastifyPluginAsyncZod {
  const { reports } = deps;
  return async (app) => {
    app.get(
      '/admin/reports/daily',
      adminRoute('reports', { querystring: ZDailyReportQuery }),
      async (request, reply) => {
        // A day to come is refused on the day it is asked, not by the schema (it moves with the date).
        const problem = reportDayProblem(request.query.date, new Date());
        if (problem) throw badRequest(problem, [{ field: 'querystring.date', message: problem }]);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment(dailyReportFileName(request.query.date)))
          .header('cache-control', 'no-store')
          .send(Readable.from(reports.daily(request.query.date)));
      },
    );
    app.get(
      '/admin/reports/client-money',
      adminRoute('reports', {
        querystring: ZClientMoneyQuery,
        response: { 200: successEnvelope(ZClientMoney) },
      }),
      async (request, reply) => {
        const report = await reports.clientMoney();
        if (request.query.format === 'json') return ok('Client money fetched', report);
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', attachment(`client-money-${report.asOf.slice(0, 10)}.csv`))
            .header('cache-control', 'no-store')
            // Text sent with its own type is not serialised: the schema above is the JSON answer's.
            .send(clientMoneyCsv(report) as never)
        );
      },
    );
  };
}
